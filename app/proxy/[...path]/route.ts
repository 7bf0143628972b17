import { proxyRequest } from "@/lib/console/proxy";

/** The console's proxy to the e-signature API (lib/console/proxy.ts). */
export const dynamic = "force-dynamic";

export const GET = proxyRequest;
export const HEAD = proxyRequest;
export const POST = proxyRequest;
export const PUT = proxyRequest;
export const PATCH = proxyRequest;
export const DELETE = proxyRequest;
