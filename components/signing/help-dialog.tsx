"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CeremonyView } from "@/lib/ceremony/ceremony-requests";

/** The phone number as a tel: link (digits and a leading +; an extension after it dropped). */
function telHref(phone: string): string {
  return `tel:${phone.split(/\s*(?:x|ext\.?)\s*\d/i)[0]!.replace(/[^0-9+]/g, "")}`;
}

/** Whom the signer contacts for help: the account's support contact (else the installation's, else the sender's). */
export function SupportContact({ view }: { view: CeremonyView }) {
  const t = useTranslations("help");
  const { email, phone } = view.package.support;
  if (!email && !phone) return <p>{t("none", { packageName: view.package.name })}</p>;
  return (
    <>
      <p>{t("intro")}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="support-contact">
        {email ? (
          <>
            <dt className="font-medium">{t("email")}</dt>
            <dd>
              <a className="text-sky-800 underline" href={`mailto:${email}`}>
                {email}
              </a>
            </dd>
          </>
        ) : null}
        {phone ? (
          <>
            <dt className="font-medium">{t("phone")}</dt>
            <dd>
              <a className="text-sky-800 underline" href={telHref(phone)}>
                {phone}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** The ceremony's Help button and the dialog it opens. */
export function HelpButton({ view }: { view: CeremonyView }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("help.button")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("help.title")}>
        <div className="text-sm text-slate-700">
          <SupportContact view={view} />
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("help.close")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
