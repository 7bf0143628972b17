"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { embeddingOrigin } from "@/lib/api/wire-values";
import { useEmbeddedSigningOrigins, useSaveEmbeddedSigningOrigins } from "@/lib/console/queries/integrations";
import { Section } from "./section";

/** An example of what the field takes, the same in every language. */
const ORIGIN_EXAMPLE = "https://portal.example.com";

/** The sites that may show the account's signing ceremony in a frame of their own pages. */
export function EmbeddedSigningSection() {
  const t = useTranslations("console.integrations.embedded");
  const origins = useEmbeddedSigningOrigins();
  return (
    <Section
      title={t("title")}
      testId="embedded-signing"
      intro={<p>{t("intro")}</p>}
    >
      {origins.isPending ? (
        <LoadingState label={t("loading")} />
      ) : origins.isError ? (
        <ErrorState error={origins.error} onRetry={() => void origins.refetch()} />
      ) : (
        // A new form for each saved version, so that what it shows is what is saved until the user types.
        <EmbeddedSigningForm key={origins.data.join(" ")} saved={origins.data} />
      )}
    </Section>
  );
}

function EmbeddedSigningForm({ saved }: { saved: string[] }) {
  const t = useTranslations("console.integrations.embedded");
  const toast = useToast();
  const save = useSaveEmbeddedSigningOrigins();
  const [text, setText] = useState(saved.join("\n"));
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = text.split(/\s+/).filter(Boolean);
    const wrong = lines.filter((line) => !embeddingOrigin(line));
    if (wrong.length) {
      setError(t("notAnOrigin", { origins: wrong.join(", ") }));
      return;
    }
    setError(undefined);
    save.mutateAsync(lines).then(
      () => toast.success(t("saved")),
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("title")}>
      <Refusal message={save.error?.message} />
      <TextAreaField
        label={t("sites")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={ORIGIN_EXAMPLE}
        hint={t("sitesHint")}
        error={error}
        spellCheck={false}
      />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
