import { randomBytes } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/test";

/**
 * The spec lists `GET /api/packages/{packageId}/roles/` WITH a trailing slash. Clients do not all
 * follow redirects, so the real server must answer it directly, exactly as it answers the path
 * without the slash.
 */

/** An answer's body for an assertion message: an HTML error page must not flood the report. */
async function bodyOf(response: APIResponse): Promise<string> {
  const text = await response.text();
  return text.length > 400 ? `${text.slice(0, 400)}... (${text.length} characters)` : text;
}

interface Role {
  id: string;
  [member: string]: unknown;
}

test("GET /api/packages/{id}/roles/ with a trailing slash answers 200 without a redirect", async ({ request }) => {
  const signup = await request.post("/api/signup", {
    data: {
      accountName: "Trailing slash",
      email: `slash-${randomBytes(6).toString("hex")}@example.test`,
      firstName: "Tess",
      lastName: "Slash",
      password: "trailing-slash-1",
    },
  });
  expect(signup.status(), await bodyOf(signup)).toBe(201);
  const { apiKey } = (await signup.json()) as { apiKey: string };
  const headers = { authorization: `Basic ${apiKey}` };

  const created = await request.post("/api/packages", {
    headers,
    data: {
      name: "Trailing slash",
      roles: [
        {
          id: "Signer1",
          name: "Signer1",
          index: 1,
          signers: [{ email: "s1@example.test", firstName: "S", lastName: "One" }],
        },
      ],
    },
  });
  expect(created.ok(), `POST /api/packages answered ${created.status()}: ${await bodyOf(created)}`).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect(typeof id).toBe("string");
  expect(id).not.toBe("");

  const withSlash = await request.get(`/api/packages/${encodeURIComponent(id)}/roles/`, { headers, maxRedirects: 0 });
  expect(withSlash.status(), await bodyOf(withSlash)).toBe(200);
  const withoutSlash = await request.get(`/api/packages/${encodeURIComponent(id)}/roles`, { headers, maxRedirects: 0 });
  expect(withoutSlash.status(), await bodyOf(withoutSlash)).toBe(200);

  const body = await withSlash.json();
  expect(await withoutSlash.json()).toEqual(body);
  // A list is `{results, count}` on the wire; accept a bare array too.
  const roles = (Array.isArray(body) ? body : (body as { results: Role[] }).results) as Role[];
  expect(Array.isArray(roles)).toBe(true);
  if (!Array.isArray(body)) expect((body as { count: number }).count).toBe(roles.length);
  expect(roles.map((role) => role.id)).toContain("Signer1");
});
