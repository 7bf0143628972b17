import { callJson } from "./api-client";
import { makePdf, multipartBody } from "./pdfs";

export const signer = (n: number) => ({
  email: `signer${n}@example.test`,
  firstName: `Signer`,
  lastName: `Number${n}`,
});

/** A package payload with `signers` signer roles and one document per name in `documents`. */
export function packagePayload(options: { name?: string; signers?: number; documents?: string[]; status?: string; type?: string } = {}) {
  const roleCount = options.signers ?? 2;
  return {
    name: options.name ?? "Contract",
    type: options.type ?? "PACKAGE",
    status: options.status ?? "DRAFT",
    roles: Array.from({ length: roleCount }, (_, i) => ({
      id: `Signer${i + 1}`,
      name: `Signer ${i + 1}`,
      index: i + 1,
      type: "SIGNER",
      signers: [signer(i + 1)],
    })),
    documents: (options.documents ?? ["Agreement"]).map((name, i) => ({
      id: `doc${i + 1}`,
      name,
      approvals: [
        {
          role: "Signer1",
          fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 }],
        },
      ],
    })),
  };
}

/** Creates a package through the real `POST /api/packages` with a PDF for each document. */
export async function createPackageWithFiles(apiKey: string, payload: { documents?: unknown[] } & Record<string, unknown>, pdf?: Buffer): Promise<string> {
  const bytes = pdf ?? (await makePdf({ pages: 2 }));
  const files = (payload.documents ?? []).map((_, i) => ({ name: `file${i + 1}.pdf`, bytes }));
  const { body, contentType } = multipartBody(payload, files);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: apiKey, body, headers: { "content-type": contentType } });
  return id;
}
