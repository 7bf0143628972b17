import { settingsDocumentRoutes } from "@/lib/http/settings-document-routes";

/** The ceremony's themes, a free-form map kept as given (POST creates, PUT replaces; the original answers the stored map). */
const routes = settingsDocumentRoutes("signingThemes");

export const GET = routes.GET;
export const POST = routes.replace;
export const PUT = routes.replace;
export const DELETE = routes.DELETE;

export * from "@/lib/http/method-not-allowed";
