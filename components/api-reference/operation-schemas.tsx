import { z } from "zod";
import type { Operation } from "@/lib/api/openapi/operation";

function schemaText(schema: z.ZodType, io: "input" | "output"): string {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  void _ignored;
  return JSON.stringify(rest, null, 2);
}

/** The request body and JSON answer of an operation, folded away until asked for. */
export function OperationSchemas({ operation }: { operation: Operation }) {
  const answer = Object.entries(operation.responses).find(([, response]) => response.schema);
  return (
    <div className="mt-2 space-y-2">
      {operation.body && (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-sky-900">Request body{operation.body.multipart ? " (JSON, or the multipart payload part)" : ""}</summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{schemaText(operation.body.schema, "input")}</pre>
        </details>
      )}
      {answer && (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-sky-900">Answer {answer[0]}</summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{schemaText(answer[1].schema!, "output")}</pre>
        </details>
      )}
    </div>
  );
}
