"use client";

import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Refusal } from "@/components/ui/states";
import { useRevealOwnApiKey } from "@/lib/console/queries/integrations";
import { Section } from "./section";

/** The signed-in user's own API key: asked of the service only when they click, hidden again on request. */
export function OwnApiKey({ userId }: { userId: string }) {
  const reveal = useRevealOwnApiKey(userId);
  return (
    <Section
      title="Your API key"
      intro={
        <p>
          A program that sends <code className="rounded bg-slate-100 px-1">Authorization: Basic &lt;key&gt;</code> acts as you in this account, with your roles. Keep it
          secret, as you would your password.
        </p>
      }
    >
      <div className="space-y-3">
        {reveal.data ? (
          <>
            <CopyField label="Your API key" value={reveal.data.apiKey} testId="own-api-key" />
            <Button variant="secondary" onClick={() => reveal.reset()}>
              Hide the key
            </Button>
          </>
        ) : (
          <Button variant="secondary" busy={reveal.isPending} onClick={() => reveal.mutate()}>
            Reveal your API key
          </Button>
        )}
        <Refusal message={reveal.error?.message} />
      </div>
    </Section>
  );
}
