import { describe, expect, it } from "vitest";
import {
  availableVerificationTypeIds,
  isVerificationAvailable,
  registerVerificationProvider,
  verificationProviderFor,
  type VerificationProvider,
} from "./providers";

function fakeProvider(typeId: string): VerificationProvider {
  return {
    typeId,
    start: () => Promise.resolve({ message: "Open your app" }),
    handleCallback: () => Promise.resolve({ packageId: "p", roleId: "r", status: "VERIFIED" }),
    result: (packageId, roleId) => Promise.resolve({ packageId, roleId, status: "PENDING" }),
  };
}

describe("the verification provider registry", () => {
  it("is empty by default: only the built-in EMAIL_OTP is available", () => {
    expect(availableVerificationTypeIds()).toEqual(["EMAIL_OTP"]);
    expect(isVerificationAvailable("EMAIL_OTP")).toBe(true);
    expect(isVerificationAvailable("email_otp")).toBe(true);
    for (const typeId of ["ITSME", "IDIN", "BANKID_SE", "NO_SUCH_TYPE"]) {
      expect(isVerificationAvailable(typeId), typeId).toBe(false);
      expect(verificationProviderFor(typeId), typeId).toBeUndefined();
    }
  });

  it("finds a registered provider by catalogue id whatever the case, until it is removed", () => {
    const provider = fakeProvider("iDIN");
    const unregister = registerVerificationProvider(provider);
    try {
      expect(verificationProviderFor("IDIN")).toBe(provider);
      expect(verificationProviderFor("idin")).toBe(provider);
      expect(isVerificationAvailable("iDIN")).toBe(true);
      expect(availableVerificationTypeIds()).toEqual(["EMAIL_OTP", "IDIN"]);
    } finally {
      unregister();
    }
    expect(isVerificationAvailable("IDIN")).toBe(false);
  });

  it("replaces an earlier provider of the same type; removing the replaced one leaves the new one", () => {
    const first = fakeProvider("ITSME");
    const second = fakeProvider("itsme");
    const removeFirst = registerVerificationProvider(first);
    const removeSecond = registerVerificationProvider(second);
    removeFirst();
    expect(verificationProviderFor("ITSME")).toBe(second);
    removeSecond();
    expect(verificationProviderFor("ITSME")).toBeUndefined();
  });

  it("refuses a provider for the built-in EMAIL_OTP", () => {
    expect(() => registerVerificationProvider(fakeProvider("EMAIL_OTP"))).toThrow(/built in/);
    expect(verificationProviderFor("EMAIL_OTP")).toBeUndefined();
  });
});
