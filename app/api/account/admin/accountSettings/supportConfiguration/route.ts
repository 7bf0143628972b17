import { settingsDocumentRoutes } from "@/lib/http/settings-document-routes";

/** Signet's own: the account's support contact `{email, phone}` that its packages' signers are shown. */
const routes = settingsDocumentRoutes("supportConfiguration");

export const GET = routes.GET;
export const PATCH = routes.write;
export const PUT = routes.write;
export const DELETE = routes.DELETE;

export * from "@/lib/http/method-not-allowed";
