"use client";

import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { useSigningProgress } from "@/lib/console/queries/package-progress";
import { roleHolder } from "./package-summary";

const SHOWN = 4;

/** "1 of 3 signed" and each signer with a mark once they have signed everything of theirs. */
export function SignerProgress({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packages.progress");
  const { signers, signedCount, loading } = useSigningProgress(pkg);
  if (signers.length === 0) return <span className="text-sm text-slate-600">{t("noSigners")}</span>;
  const count = signers.length;
  let summary = t("signers", { count });
  if (signedCount !== undefined) summary = t("signedOf", { signed: signedCount, count });
  else if (loading) summary = t("checking", { count });
  else if (pkg.status === "DRAFT") summary = t("notSent", { count });
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
              <span className={holder.filled ? "" : "italic"}>{holder.filled ? holder.name : t("noOneYet", { name: holder.name })}</span>
              {stopped && stopped !== "didNotSign" ? (
                <span className="text-rose-800">· {t(`stopped.${stopped}`)}</span>
              ) : stopped ? (
                <span className="sr-only">, {t(`stopped.${stopped}`)}</span>
              ) : signed === true ? (
                <span className="sr-only">, {t("signed")}</span>
              ) : signed === false ? (
                <span className="sr-only">, {t("notSignedYet")}</span>
              ) : null}
            </li>
          );
        })}
        {listed.length < signers.length ? <li className="pl-4">{t("more", { count: signers.length - listed.length })}</li> : null}
      </ul>
    </div>
  );
}

/** How a signer of a package that stopped without their signature stopped (console.packages `progress.stopped.<how>`). */
type Stopped = "declined" | "optedOut" | "didNotSign";

function SignedMark({ signed, stopped }: { signed: boolean | undefined; stopped?: Stopped }) {
  if (stopped === "declined" || stopped === "optedOut") return <span aria-hidden className="w-3 text-center font-bold text-rose-800">✕</span>;
  if (stopped) return <span aria-hidden className="w-3 text-center text-slate-500">–</span>;
  if (signed === true) return <span aria-hidden className="w-3 text-center font-bold text-emerald-700">✓</span>;
  if (signed === false) return <span aria-hidden className="w-3 text-center text-slate-500">○</span>;
  return <span aria-hidden className="w-3 text-center text-slate-500">·</span>;
}
