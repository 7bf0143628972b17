import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { ok } from "@/lib/api/openapi/operation";
import { publicRoute } from "@/lib/http/api-handler";

/** The route wrapper parses the query and JSON body its contract declares and hands them to the handler. */
describe("the route wrapper's declared input", () => {
  const contract = {
    params: ["packageId"],
    tag: "Test",
    summary: "A route with a query and a body",
    query: z.object({ from: z.coerce.number().int().min(1).optional(), dir: z.enum(["ASC", "DESC"]).default("ASC") }),
    body: { schema: z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) }) },
    responses: { 200: ok(z.object({})) },
  } as const;
  const received: unknown[] = [];
  const route = publicRoute(contract, async ({ params, query, body }) => {
    expectTypeOf(params).toEqualTypeOf<Record<"packageId", string>>();
    expectTypeOf(query).toEqualTypeOf<{ from?: number | undefined; dir: "ASC" | "DESC" }>();
    expectTypeOf(body).toEqualTypeOf<{ name: string; tags: string[] }>();
    received.push({ params, query, body });
    return { done: true };
  });
  const context = { params: Promise.resolve({ packageId: "p1" }) };
  const post = (search: string, body: string | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
    route(new Request(`http://signet.test/api/test${search}`, { method: "POST", headers, body }), context);

  it("hands the handler the parsed query and body, with the schemas' defaults and coercions", async () => {
    received.length = 0;
    const response = await post("?from=3", JSON.stringify({ name: "Contract" }));
    expect(response.status).toBe(200);
    expect(received).toEqual([{ params: { packageId: "p1" }, query: { from: 3, dir: "ASC" }, body: { name: "Contract", tags: [] } }]);
  });

  it("refuses a bad query with the 400 parseWith gives", async () => {
    received.length = 0;
    const response = await post("?from=0&dir=UP", JSON.stringify({ name: "Contract" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 400,
      messageKey: "error.validation.invalidBody",
      message: expect.stringMatching(/^Invalid query: from: .+; dir: .+/),
    });
    expect(received).toEqual([]);
  });

  it("refuses a bad body with the 400s readJsonWith gives: wrong shape, not JSON, empty", async () => {
    received.length = 0;
    const wrongShape = await post("", JSON.stringify({ name: "" }));
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.json()).toMatchObject({ messageKey: "error.validation.invalidBody", message: expect.stringMatching(/^Invalid request body: name: /) });

    const notJson = await post("", "{name:");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ messageKey: "error.validation.invalidJson", message: "The request body is not valid JSON." });

    const empty = await post("", null);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ messageKey: "error.validation.emptyBody" });

    const tooDeep = await post("", "[".repeat(200) + "]".repeat(200));
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toMatchObject({ messageKey: "error.validation.jsonTooDeep" });
    expect(received).toEqual([]);
  });

  it("names the body in its errors as the contract says", async () => {
    const named = publicRoute(
      { tag: "Test", summary: "Named body", body: { schema: z.array(z.string()), nameInErrors: "decline reasons" }, responses: { 200: ok(z.object({})) } },
      async ({ body }) => ({ count: body.length }),
    );
    const response = await named(new Request("http://signet.test/api/test", { method: "POST", body: JSON.stringify([1]) }), { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/^Invalid decline reasons: 0: /) });
  });

  it("leaves a body the contract marks multipart or read by the handler to the handler", async () => {
    const readByHandler = publicRoute(
      { tag: "Test", summary: "Raw body", body: { schema: z.object({ fileName: z.string() }), readByHandler: true }, responses: { 200: ok(z.object({})) } },
      async (input) => {
        // A type check only, never run.
        // @ts-expect-error: no body is handed when the handler reads it
        const undeclared = () => input.body.fileName;
        void undeclared;
        return { text: await input.request.text() };
      },
    );
    const response = await readByHandler(new Request("http://signet.test/api/test", { method: "POST", body: "not json" }), { params: Promise.resolve({}) });
    expect(await response.json()).toEqual({ text: "not json" });
  });

  it("gives a handler whose contract declares no input no query and no body", async () => {
    const plain = publicRoute({ tag: "Test", summary: "No input", responses: { 200: ok(z.object({})) } }, async (input) => {
      // Type checks only, never run.
      const undeclared = () => {
        // @ts-expect-error: no query declared
        void input.query.anything;
        // @ts-expect-error: no params declared
        void input.params.packageId;
      };
      void undeclared;
      return { query: "query" in input, body: "body" in input };
    });
    const response = await plain(new Request("http://signet.test/api/test?x=1", { method: "POST", body: "{}" }), { params: Promise.resolve({}) });
    expect(await response.json()).toEqual({ query: false, body: false });
  });
});
