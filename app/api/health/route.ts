import { z } from "zod";
import { withContract } from "@/lib/api/openapi/operation";
import { json } from "@/lib/http/responses";
import { serviceHealth } from "@/lib/observability/health";
import { logRequests } from "@/lib/observability/request-log";

const check = z.object({
  status: z.enum(["ok", "degraded", "failing"]),
  ms: z.number().int().describe("How long the check took"),
  reason: z.string().optional().describe("Why it fails, in a few words (the details are in the server's log, under the answer's X-Request-Id)"),
});

const health = z.object({
  status: z.enum(["ok", "degraded", "failing"]).describe("failing when a check fails; else degraded when one is; else ok"),
  checks: z.object({
    database: check.describe("The database answers `select 1`"),
    jobQueue: check.describe("This instance's job workers are started and the queue's tables answer"),
    storage: check.describe("The documents' store can be read: the S3 bucket, the blobs table or the data folder"),
    sweep: check
      .extend({
        lastSuccess: z.iso.datetime().nullable().describe("When a sweep last finished, on any instance; null before the first"),
        intervalSeconds: z.number().int().describe("SWEEP_INTERVAL_SECONDS"),
      })
      .describe("The sweep of time-based work (expiry, reminders, retention, stalled e-mails and callbacks) finished within three intervals: degraded when not"),
  }),
});

/**
 * For load balancers and monitors, without a credential: 200 when the database, the job queue and
 * the documents' store all answer, else 503 naming the failing checks. A sweep that is behind
 * answers "degraded" with 200: the instance serves, and taking every instance out of a balancer
 * for work none of them does would not help. Logged at debug level: balancers ask every few seconds.
 */
export const GET = withContract(
  {
    tag: "Operations",
    summary: "Whether this instance can serve: its database, job queue and document storage",
    description:
      "Our extension, without a credential. Each check is bounded by a 2-second time-out; the answer is never cached (`Cache-Control: no-store`). 200 when every check passes, 503 when one fails, naming it. The sweep's check tells when time-based work last ran; older than three intervals it is `degraded` (still 200).",
    permission: "public",
    responses: {
      200: { description: "Every check passes, or the sweep is behind (status degraded)", schema: health },
      503: { description: "At least one check fails; each failing one has a reason", schema: health },
    },
  },
  logRequests(
    async () => {
      const result = await serviceHealth();
      return json(result, result.status === "failing" ? 503 : 200, { "cache-control": "no-store" });
    },
    { level: "debug" },
  ),
);

export * from "@/lib/http/method-not-allowed";
