import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "@/lib/esign/errors";
import { answerMatches, e164, normalizeAnswer, normalizePhone, prepareSignerAuth, wireAuth } from "./signer-auth";

function refusal(run: () => unknown): { status: number; messageKey: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, messageKey: error.messageKey, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

describe("the phone number of SMS authentication", () => {
  it("gets the country code 1 when it is ten digits without +, as the original documents", () => {
    expect(normalizePhone("5551234567")).toBe("15551234567");
    expect(normalizePhone("(555) 123-4567")).toBe("15551234567");
    expect(normalizePhone("555.123.4567")).toBe("15551234567");
    expect(normalizePhone("+5551234567")).toBe("+5551234567");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("15551234567")).toBe("15551234567");
    expect(e164("5551234567")).toBe("+15551234567");
    expect(e164("+44 20 7946 0958")).toBe("+442079460958");
  });
});

describe("challenge answers", () => {
  beforeEach(() => vi.stubEnv("SIGNET_SECRET", "unit-test-secret"));
  afterEach(() => vi.unstubAllEnvs());

  it("are compared trimmed, with runs of spaces as one, without regard to case", async () => {
    expect(normalizeAnswer("  New   York ")).toBe("new york");
    expect(normalizeAnswer("ＭＯＮＴＲÉＡＬ")).toBe("montréal");
    const [stored] = prepareSignerAuth({ scheme: "CHALLENGE", challenges: [{ question: "City?", answer: "New York" }] }, "Signer1").challenges;
    expect(stored.answerHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await answerMatches(" new  york", stored.answerHash)).toBe(true);
    expect(await answerMatches("Newark", stored.answerHash)).toBe(false);
    expect(await answerMatches("New York", undefined)).toBe(false);
  });

  it("never reach the wire, nor do their hashes", () => {
    const stored = prepareSignerAuth({ scheme: "challenge", challenges: [{ question: "City?", answer: "Paris", maskInput: true }] }, "Signer1");
    expect(wireAuth(stored)).toEqual({ scheme: "CHALLENGE", challenges: [{ question: "City?", maskInput: true }] });
    // A row stored before answers were hashed does not leak its plain answer either.
    expect(wireAuth({ scheme: "CHALLENGE", challenges: [{ question: "Pet?", answer: "Rex" }] })).toEqual({ scheme: "CHALLENGE", challenges: [{ question: "Pet?", maskInput: false }] });
    expect(wireAuth(undefined)).toEqual({ scheme: "NONE", challenges: [] });
  });

  it("are kept for the questions sent back without one", () => {
    const previous = prepareSignerAuth({ scheme: "CHALLENGE", challenges: [{ question: "City?", answer: "Paris" }] }, "Signer1");
    const again = prepareSignerAuth({ scheme: "CHALLENGE", challenges: [{ question: "City?", maskInput: false }] }, "Signer1", { previous });
    expect(again.challenges[0].answerHash).toBe(previous.challenges[0].answerHash);
    expect(refusal(() => prepareSignerAuth({ scheme: "CHALLENGE", challenges: [{ question: "Pet?" }] }, "Signer1", { previous }))).toMatchObject({
      status: 400,
      messageKey: "error.validation.signerAuthentication",
    });
  });
});

describe("what cannot be enforced", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("refuses SMS without the Twilio settings, naming them, and KBA and SSO, with 422", () => {
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"]) vi.stubEnv(name, "");
    const sms = refusal(() => prepareSignerAuth({ scheme: "SMS", challenges: [{ question: "5551234567" }] }, "Signer1"));
    expect(sms).toMatchObject({ status: 422, messageKey: "error.validation.signerAuthenticationProviderMissing" });
    expect(sms.message).toContain("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER");
    expect(refusal(() => prepareSignerAuth({ scheme: "KBA" }, "Signer1")).status).toBe(422);
    expect(refusal(() => prepareSignerAuth({ scheme: "SSO" }, "Signer1")).status).toBe(422);
    expect(refusal(() => prepareSignerAuth(undefined, "Signer1", { knowledgeBasedAuthentication: { signerInformationForLexisNexis: { firstName: "A" } } })).status).toBe(422);
    expect(prepareSignerAuth(undefined, "Signer1", { knowledgeBasedAuthentication: { knowledgeBasedAuthenticationStatus: "NOT_YET_ATTEMPTED" } })).toEqual({ scheme: "NONE", challenges: [] });
  });

  it("accepts SMS once the settings are there, with the phone as the first challenge's question", () => {
    vi.stubEnv("TWILIO_ACCOUNT_SID", "AC1");
    vi.stubEnv("TWILIO_AUTH_TOKEN", "token");
    vi.stubEnv("TWILIO_FROM_NUMBER", "+15005550006");
    expect(prepareSignerAuth({ scheme: "SMS", challenges: [] }, "Signer1", { signerPhone: "514 555 0199" })).toEqual({
      scheme: "SMS",
      challenges: [{ question: "15145550199", maskInput: false }],
    });
    expect(refusal(() => prepareSignerAuth({ scheme: "SMS", challenges: [] }, "Signer1")).status).toBe(400);
    expect(refusal(() => prepareSignerAuth({ scheme: "SMS", challenges: [{ question: "call me" }] }, "Signer1")).status).toBe(400);
  });
});
