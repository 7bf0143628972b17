import { handlers } from "@/lib/console/auth";

/** next-auth's own endpoints (session, CSRF, sign-out), at /auth so /api stays the e-signature API's. */
export const { GET, POST } = handlers;
