import type { Metadata } from "next";
import { allOperations } from "@/lib/api/openapi/document";
import type { Operation } from "@/lib/api/openapi/operation";
import { OperationSchemas } from "@/components/api-reference/operation-schemas";

export const metadata: Metadata = { title: "API reference · Signet" };

const METHOD_COLOURS: Record<Operation["method"], string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-rose-100 text-rose-900",
};

function permissionText(permission: Operation["permission"]): string {
  if (permission === "public") return "no credential";
  return permission ?? "any authenticated caller";
}

/** A readable reference of every operation, generated from the same contract as /api/openapi.json. */
export default async function ApiReferencePage() {
  const operations = await allOperations();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        Every request carries <code>Authorization: Basic &lt;apiKey&gt;</code> or <code>Bearer &lt;accessToken&gt;</code>. Errors are JSON{" "}
        <code>{"{code, name, message, messageKey}"}</code>; lists are <code>{"{results, count}"}</code> with 1-based inclusive{" "}
        <code>from</code>/<code>to</code>. The machine-readable document is at{" "}
        <a className="text-sky-800 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a key={tag} href={`#${encodeURIComponent(tag)}`} className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100">
            {tag}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={encodeURIComponent(tag)} aria-labelledby={`${tag}-heading`} className="mt-10">
          <h2 id={`${tag}-heading`} className="border-b border-slate-200 pb-2 text-xl font-semibold">
            {tag}
          </h2>
          <ul className="mt-4 space-y-4">
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <li key={`${operation.method} ${operation.path}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-3">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_COLOURS[operation.method]}`}>{operation.method}</span>
                    <code className="break-all font-mono text-sm text-slate-900">{operation.path}</code>
                  </div>
                  <p className="mt-2 text-slate-800">{operation.summary}</p>
                  {operation.description && <p className="mt-1 text-sm text-slate-600">{operation.description}</p>}
                  <p className="mt-2 text-xs text-slate-600">
                    Permission: <code>{permissionText(operation.permission)}</code> · Answers:{" "}
                    {Object.keys(operation.responses).join(", ")}
                  </p>
                  <OperationSchemas operation={operation} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
