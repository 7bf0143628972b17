"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { answerSecurityQuestions, CeremonyRequestError, sendSmsCode, verifySmsCode, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";

type Authentication = NonNullable<CeremonyView["progress"]["authentication"]>;

/** The refusal in the signer's language: wrong answers or code with the attempts left, else the service's message. */
function useRefusal(wrong: "wrongAnswers" | "wrongCode") {
  const t = useTranslations("authentication");
  return (error: Error) => {
    if (error instanceof CeremonyRequestError && typeof error.entity?.attemptsLeft === "number") return t(wrong, { attemptsLeft: error.entity.attemptsLeft });
    return error.message;
  };
}

/**
 * The signer's own authentication (the sender's `auth`): the security questions, a code texted to
 * their phone, or both one after the other (QASMS). Shown before anything else: until it is passed
 * the service shows no document.
 */
export function SignerAuthenticationStep({ view, packageId, authentication }: { view: CeremonyView; packageId: string; authentication: Authentication }) {
  const questionsLeft = authentication.scheme === "CHALLENGE" || (authentication.scheme === "QASMS" && !authentication.answersPassed);
  return questionsLeft ? (
    <QuestionsStep view={view} packageId={packageId} authentication={authentication} />
  ) : (
    <SmsCodeStep packageId={packageId} authentication={authentication} />
  );
}

function QuestionsStep({ view, packageId, authentication }: { view: CeremonyView; packageId: string; authentication: Authentication }) {
  const t = useTranslations("authentication");
  const refusal = useRefusal("wrongAnswers");
  const questions = authentication.questions ?? [];
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ""));
  const answer = useCeremonyAction(packageId, (given: string[]) => answerSecurityQuestions(packageId, given));

  function submit(event: FormEvent) {
    event.preventDefault();
    answer.mutate(answers);
  }

  return (
    <div className="mx-auto w-full max-w-md flex-1 overflow-auto p-6">
      <h2 className="text-lg font-semibold">{t("questionsTitle")}</h2>
      <p className="mt-2 text-slate-700">{t("questionsText", { packageName: view.package.name })}</p>
      <form onSubmit={submit} className="mt-6 space-y-4">
        {questions.map((question, index) => (
          <div key={index}>
            <label htmlFor={`security-answer-${index}`} className="block text-sm font-medium">
              {question.question}
            </label>
            <input
              id={`security-answer-${index}`}
              type={question.maskInput ? "password" : "text"}
              autoComplete="off"
              value={answers[index] ?? ""}
              onChange={(event) => setAnswers((current) => current.map((value, i) => (i === index ? event.target.value : value)))}
              aria-invalid={answer.isError || undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-sky-600"
            />
          </div>
        ))}
        {answer.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {refusal(answer.error)}
          </p>
        ) : null}
        <Button type="submit" busy={answer.isPending} disabled={answers.some((value) => !value.trim())}>
          {t("continue")}
        </Button>
      </form>
    </div>
  );
}

function SmsCodeStep({ packageId, authentication }: { packageId: string; authentication: Authentication }) {
  const t = useTranslations("authentication");
  const refusal = useRefusal("wrongCode");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(Boolean(authentication.codeExpires));
  const send = useCeremonyAction(packageId, () => sendSmsCode(packageId));
  const verify = useCeremonyAction(packageId, (entered: string) => verifySmsCode(packageId, entered));

  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate(code);
  }

  return (
    <div className="mx-auto w-full max-w-md flex-1 overflow-auto p-6">
      <h2 className="text-lg font-semibold">{t("smsTitle")}</h2>
      <p className="mt-2 text-slate-700">{t("smsText", { phone: authentication.phone ?? "" })}</p>
      <Button className="mt-4" variant={sent ? "secondary" : "primary"} busy={send.isPending} onClick={() => send.mutate(undefined, { onSuccess: () => setSent(true) })}>
        {sent ? t("smsSendNew") : t("smsSend")}
      </Button>
      {send.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {send.error.message}
        </p>
      ) : null}
      {sent && !send.isError ? (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {t("smsSent")}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-6">
        <label htmlFor="sms-code" className="block text-sm font-medium">
          {t("smsCodeLabel")}
        </label>
        <input
          id="sms-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={verify.isError || undefined}
          className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 font-mono text-lg tracking-widest focus:outline-none focus:ring-2 focus:ring-sky-600"
        />
        {verify.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700">
            {refusal(verify.error)}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" busy={verify.isPending} disabled={code.replace(/\D/g, "").length !== 6}>
          {t("continue")}
        </Button>
      </form>
    </div>
  );
}
