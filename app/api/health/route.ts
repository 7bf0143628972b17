import { z } from "zod";
import { withContract } from "@/lib/api/openapi/operation";
import { json } from "@/lib/http/responses";
import { serviceHealth } from "@/lib/observability/health";
import { logRequests } from "@/lib/observability/request-log";

const check = z.object({
  status: z.enum(["ok", "failing"]),
  ms: z.number().int().describe("How long the check took"),
  reason: z.string().optional().describe("Why it fails, in a few words (the details are in the server's log, under the answer's X-Request-Id)"),
});

const health = z.object({
  status: z.enum(["ok", "failing"]),
  checks: z.object({
    database: check.describe("The database answers `select 1`"),
    jobQueue: check.describe("This instance's job workers are started and the queue's tables answer"),
    storage: check.describe("The documents' store can be read: the S3 bucket, the blobs table or the data folder"),
  }),
});

/**
 * For load balancers and monitors, without a credential: 200 when the database, the job queue and
 * the documents' store all answer, else 503 naming the failing checks. Logged at debug level:
 * balancers ask every few seconds.
 */
export const GET = withContract(
  {
    tag: "Operations",
    summary: "Whether this instance can serve: its database, job queue and document storage",
    description:
      "Our extension, without a credential. Each check is bounded by a 2-second time-out; the answer is never cached (`Cache-Control: no-store`). 200 when every check passes, 503 when one fails, naming it.",
    permission: "public",
    responses: {
      200: { description: "Every check passes", schema: health },
      503: { description: "At least one check fails; each failing one has a reason", schema: health },
    },
  },
  logRequests(
    async () => {
      const result = await serviceHealth();
      return json(result, result.status === "ok" ? 200 : 503, { "cache-control": "no-store" });
    },
    { level: "debug" },
  ),
);
