import { API_ROUTES } from "@/lib/api/route-table.generated";

/**
 * Every route of the embedded service's API (app/api), for the console's proxy to call in process
 * when it fronts the embedded service (lib/console/embedded-service.ts): the generated route table
 * (lib/api/route-table.ts), without the token routes at the host root.
 */
export const EMBEDDED_API_ROUTES = API_ROUTES.filter(([pattern]) => pattern.startsWith("/api/"));
