"use client";

import type { WirePackage } from "@/lib/api/packages";
import { useSigningProgress } from "@/lib/console/queries/package-progress";
import { roleHolder } from "./package-summary";

const SHOWN = 4;

/** "1 of 3 signed" and each signer with a mark once they have signed everything of theirs. */
export function SignerProgress({ pkg }: { pkg: WirePackage }) {
  const { signers, signedCount, loading } = useSigningProgress(pkg);
  if (signers.length === 0) return <span className="text-sm text-slate-600">No signers yet</span>;
  let summary = `${signers.length} ${signers.length === 1 ? "signer" : "signers"}`;
  if (signedCount !== undefined) summary = `${signedCount} of ${signers.length} signed`;
  else if (loading) summary = `${summary} · checking…`;
  else if (pkg.status === "DRAFT") summary = `${summary} · not sent`;
  // Past SHOWN signers, the last line says how many more there are.
  const listed = signers.length <= SHOWN ? signers : signers.slice(0, SHOWN - 1);
  return (
    <div className="text-sm" data-testid="signer-progress">
      <p className="font-medium text-slate-900">{summary}</p>
      <ul className="mt-0.5 space-y-0.5 text-xs text-slate-700">
        {listed.map(({ role, signed, stopped }) => {
          const holder = roleHolder(role);
          return (
            <li key={role.id} className="flex items-center gap-1">
              <SignedMark signed={signed} stopped={stopped} />
              <span className={holder.filled ? "" : "italic"}>{holder.filled ? holder.name : `${holder.name} (no one yet)`}</span>
              {stopped && stopped !== "didNotSign" ? (
                <span className="text-rose-800">· {STOPPED[stopped]}</span>
              ) : stopped ? (
                <span className="sr-only">, {STOPPED[stopped]}</span>
              ) : signed === true ? (
                <span className="sr-only">, signed</span>
              ) : signed === false ? (
                <span className="sr-only">, not signed yet</span>
              ) : null}
            </li>
          );
        })}
        {listed.length < signers.length ? <li className="pl-4">and {signers.length - listed.length} more</li> : null}
      </ul>
    </div>
  );
}

/** A signer of a package that stopped without their signature. */
const STOPPED = { declined: "declined", optedOut: "opted out", didNotSign: "did not sign" } as const;

function SignedMark({ signed, stopped }: { signed: boolean | undefined; stopped?: keyof typeof STOPPED }) {
  if (stopped === "declined" || stopped === "optedOut") return <span aria-hidden className="w-3 text-center font-bold text-rose-800">✕</span>;
  if (stopped) return <span aria-hidden className="w-3 text-center text-slate-500">–</span>;
  if (signed === true) return <span aria-hidden className="w-3 text-center font-bold text-emerald-700">✓</span>;
  if (signed === false) return <span aria-hidden className="w-3 text-center text-slate-500">○</span>;
  return <span aria-hidden className="w-3 text-center text-slate-500">·</span>;
}
