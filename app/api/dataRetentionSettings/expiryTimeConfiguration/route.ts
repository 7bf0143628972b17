import { settingsDocumentRoutes } from "@/lib/http/settings-document-routes";

const routes = settingsDocumentRoutes("expiryTimeConfiguration");

export const GET = routes.GET;
export const PUT = routes.write;

export * from "@/lib/http/method-not-allowed";
