import { embeddedService } from "@/lib/console/embedded-service";
import { proxyRequest } from "@/lib/console/proxy";
import { EMBEDDED_API_ROUTES } from "./embedded-api-routes";

/** The console's proxy to the e-signature API (lib/console/proxy.ts). */
export const dynamic = "force-dynamic";

const embedded = embeddedService(EMBEDDED_API_ROUTES);

function proxy(request: Request): Promise<Response> {
  return proxyRequest(request, { embedded });
}

export const GET = proxy;
export const HEAD = proxy;
export const POST = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
