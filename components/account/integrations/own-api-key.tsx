"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Refusal } from "@/components/ui/states";
import { useRevealOwnApiKey } from "@/lib/console/queries/integrations";
import { BASIC_AUTHORIZATION } from "./integration-forms";
import { Section } from "./section";

/** The signed-in user's own API key: asked of the service only when they click, hidden again on request. */
export function OwnApiKey({ userId }: { userId: string }) {
  const t = useTranslations("console.integrations.ownKey");
  const reveal = useRevealOwnApiKey(userId);
  return (
    <Section
      title={t("title")}
      intro={<p>{t.rich("intro", { header: BASIC_AUTHORIZATION, code: (chunks) => <code className="rounded bg-slate-100 px-1">{chunks}</code> })}</p>}
    >
      <div className="space-y-3">
        {reveal.data ? (
          <>
            <CopyField label={t("title")} value={reveal.data.apiKey} testId="own-api-key" />
            <Button variant="secondary" onClick={() => reveal.reset()}>
              {t("hide")}
            </Button>
          </>
        ) : (
          <Button variant="secondary" busy={reveal.isPending} onClick={() => reveal.mutate()}>
            {t("reveal")}
          </Button>
        )}
        <Refusal message={reveal.error?.message} />
      </div>
    </Section>
  );
}
