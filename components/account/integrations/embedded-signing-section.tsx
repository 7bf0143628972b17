"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/form-field";
import { ErrorState, LoadingState, Refusal } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { embeddingOrigin } from "@/lib/api/account-settings";
import { useEmbeddedSigningOrigins, useSaveEmbeddedSigningOrigins } from "@/lib/console/queries/integrations";
import { Section } from "./section";

/** The sites that may show the account's signing ceremony in a frame of their own pages. */
export function EmbeddedSigningSection() {
  const origins = useEmbeddedSigningOrigins();
  return (
    <Section
      title="Embedded signing"
      testId="embedded-signing"
      intro={<p>Signers can sign inside a frame on these sites&apos; pages. Any other site that frames the ceremony is refused by the browser.</p>}
    >
      {origins.isPending ? (
        <LoadingState label="Loading the embedding sites…" />
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
  const toast = useToast();
  const save = useSaveEmbeddedSigningOrigins();
  const [text, setText] = useState(saved.join("\n"));
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = text.split(/\s+/).filter(Boolean);
    const wrong = lines.filter((line) => !embeddingOrigin(line));
    if (wrong.length) {
      setError(`Not an origin: ${wrong.join(", ")}. Write https://host or https://host:port, one a line.`);
      return;
    }
    setError(undefined);
    save.mutateAsync(lines).then(
      () => toast.success("The embedding sites were saved."),
      () => undefined, // shown by <Refusal>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Embedded signing">
      <Refusal message={save.error?.message} />
      <TextAreaField
        label="Sites allowed to frame the ceremony"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="https://portal.example.com"
        hint="One origin a line: https, host and port only (plain http only for localhost). Empty: only Signet itself."
        error={error}
        spellCheck={false}
      />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          Save sites
        </Button>
      </div>
    </form>
  );
}
