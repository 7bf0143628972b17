import { settingsDocumentRoutes } from "@/lib/http/settings-document-routes";

const routes = settingsDocumentRoutes("limitSupportedLanguages");

export const GET = routes.GET;
export const PATCH = routes.write;
export const DELETE = routes.DELETE;

export * from "@/lib/http/method-not-allowed";
