import { json } from "@/lib/http/responses";
import { serviceHealth } from "@/lib/observability/health";
import { logRequests } from "@/lib/observability/request-log";

/**
 * For load balancers and monitors, without a credential: 200 when the database, the job queue and
 * the documents' store all answer, else 503 naming the failing checks. Logged at debug level:
 * balancers ask every few seconds.
 */
export const GET = logRequests(
  async () => {
    const health = await serviceHealth();
    return json(health, health.status === "ok" ? 200 : 503, { "cache-control": "no-store" });
  },
  { level: "debug" },
);
