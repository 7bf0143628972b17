import { useMemo } from "react";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { contractResolver } from "@/lib/console/contract-resolver";
import type { Contracts } from "@/lib/console/load-contracts";

/** The words the forms' checks speak: `useTranslations("console.builder.signers.validation")`. */
type ValidationWords = (key: string) => string;

/**
 * The forms of the signer list, on the API's own schemas with the members a person needs made
 * required; their messages in the console's language. Built from the contracts once they have
 * loaded (`useSignerFormResolvers` below).
 */
export function signerForms({ z, roleInput, signerInput }: Contracts, t: ValidationWords) {
  const personSignerForm = signerInput.pick({ firstName: true, lastName: true, email: true }).extend({
    firstName: z.string().trim().min(1, t("firstName")).max(256),
    lastName: z.string().trim().min(1, t("lastName")).max(256),
    email: z.string().trim().min(1, t("email")).pipe(z.email(t("emailFormat")).max(254)),
  });

  const placeholderForm = roleInput.pick({ name: true }).extend({
    name: z.string().trim().min(1, t("placeholderName")).max(256),
  });

  /**
   * How the signer proves who they are before the ceremony shows them anything (the original's
   * `auth`): the e-mail link alone, questions the sender writes (answers sent once, stored hashed,
   * never shown again: an answer left empty keeps the saved one), or a code texted to a phone.
   */
  const signerAuthenticationForm = z
    .object({
      scheme: z.enum(["NONE", "CHALLENGE", "SMS", "QASMS"]),
      challenges: z.array(
        z.object({
          question: z.string().trim().max(255, t("atMost255")),
          answer: z.string().trim().max(255, t("atMost255")),
          maskInput: z.boolean(),
          /** The question is saved with an answer: leaving the answer empty keeps it. */
          saved: z.boolean(),
        }),
      ),
      phone: z.string().trim().max(40),
    })
    .superRefine((value, context) => {
      if (value.scheme === "CHALLENGE" || value.scheme === "QASMS") {
        if (value.challenges.length === 0) context.addIssue({ code: "custom", path: ["challenges"], message: t("addQuestion") });
        value.challenges.forEach((challenge, index) => {
          if (!challenge.question) context.addIssue({ code: "custom", path: ["challenges", index, "question"], message: t("question") });
          if (!challenge.answer && !challenge.saved) context.addIssue({ code: "custom", path: ["challenges", index, "answer"], message: t("answer") });
        });
      }
      if ((value.scheme === "SMS" || value.scheme === "QASMS") && value.phone.replace(/\D/g, "").length < 8) {
        context.addIssue({ code: "custom", path: ["phone"], message: t("phone") });
      }
    });

  const personWithAuthenticationForm = personSignerForm.extend({ authentication: signerAuthenticationForm });
  return { personSignerForm, placeholderForm, signerAuthenticationForm, personWithAuthenticationForm };
}

type SignerForms = ReturnType<typeof signerForms>;
export type PersonSignerForm = z.infer<SignerForms["personSignerForm"]>;
export type PlaceholderForm = z.infer<SignerForms["placeholderForm"]>;
export type SignerAuthenticationForm = z.infer<SignerForms["signerAuthenticationForm"]>;
export type PersonWithAuthenticationForm = z.infer<SignerForms["personWithAuthenticationForm"]>;

/** The resolvers of the signer list's forms, in the console's language: a form's first check waits for the contracts to load. */
export function useSignerFormResolvers() {
  const t = useTranslations("console.builder.signers.validation");
  return useMemo(() => {
    let built: SignerForms | undefined;
    const forms = (contracts: Contracts) => (built ??= signerForms(contracts, t));
    return {
      personSigner: contractResolver((contracts) => forms(contracts).personSignerForm),
      placeholder: contractResolver((contracts) => forms(contracts).placeholderForm),
      personWithAuthentication: contractResolver((contracts) => forms(contracts).personWithAuthenticationForm),
    };
  }, [t]);
}

/** The form's values for a role's signer as the service answers it (questions without answers). */
export function authenticationFormValues(auth: unknown): SignerAuthenticationForm {
  const given = (auth ?? {}) as { scheme?: string; challenges?: { question?: string; maskInput?: boolean; challengeType?: string }[] };
  const scheme = given.scheme === "CHALLENGE" || given.scheme === "SMS" || given.scheme === "QASMS" ? given.scheme : "NONE";
  const challenges = given.challenges ?? [];
  const questions = scheme === "QASMS" ? challenges.filter((challenge) => challenge.challengeType !== "SMS") : scheme === "CHALLENGE" ? challenges : [];
  const phone = scheme === "QASMS" ? challenges.find((challenge) => challenge.challengeType === "SMS")?.question : scheme === "SMS" ? challenges[0]?.question : "";
  return {
    scheme,
    challenges: questions.map((challenge) => ({ question: challenge.question ?? "", answer: "", maskInput: !!challenge.maskInput, saved: true })),
    phone: phone ?? "",
  };
}

/** The `auth` to send: what the original's SDK sends (the phone as the first challenge's question for SMS). */
export function authOfForm(form: SignerAuthenticationForm): Record<string, unknown> {
  if (form.scheme === "CHALLENGE") {
    return { scheme: "CHALLENGE", challenges: form.challenges.map(({ question, answer, maskInput }) => ({ question, maskInput, ...(answer ? { answer } : {}) })) };
  }
  if (form.scheme === "SMS") return { scheme: "SMS", challenges: [{ question: form.phone, maskInput: false }] };
  if (form.scheme === "QASMS") {
    return {
      scheme: "QASMS",
      challenges: [
        ...form.challenges.map(({ question, answer, maskInput }) => ({ question, maskInput, challengeType: "CHALLENGE", ...(answer ? { answer } : {}) })),
        { question: form.phone, maskInput: false, challengeType: "SMS" },
      ],
    };
  }
  return { scheme: "NONE", challenges: [] };
}
