import { describe, expect, it } from "vitest";
import { unauthenticatedRoute } from "@/lib/http/api-handler";

/** How the one API wrapper turns failures into the wire's JSON errors. */
describe("the API wrapper's error mapping", () => {
  const context = { params: Promise.resolve({}) };
  const request = () => new Request("http://signet.test/api/anything", { method: "POST" });

  it("answers 409 when a foreign key refused a write (a row removed by a concurrent request)", async () => {
    // The shape node-postgres and PGlite give a foreign-key violation, nested as drizzle nests it.
    const handler = unauthenticatedRoute(async () => {
      throw Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("violates foreign key constraint"), { code: "23503" }) });
    });
    const response = await handler(request(), context);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.concurrentChange" });
  });

  it("answers 500 with a JSON body, and no details, for anything unexpected", async () => {
    const handler = unauthenticatedRoute(async () => {
      throw new Error("secret internals");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await handler(request(), context);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { message: string; messageKey: string };
      expect(body.messageKey).toBe("error.internal.default");
      expect(body.message).not.toContain("secret internals");
    } finally {
      console.error = original;
    }
  });
});
