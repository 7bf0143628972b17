import { describe, expect, it } from "vitest";
import { isPublicAddress, resolveDestination } from "./address-guard";

describe("callback SSRF guard", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fd00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::ffff:0:127.0.0.1",
    "::127.0.0.1",
    "::7f00:1",
    "::8.8.8.8",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::808:808",
    "2002:7f00:1::",
    "2002:c0a8:101::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:db8::1",
    "not-an-address",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:808:808::1"])("allows %s", (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it("refuses a literal loopback host unless private destinations are allowed", async () => {
    await expect(resolveDestination("127.0.0.1", false)).rejects.toThrow(/Refused: 127\.0\.0\.1/);
    await expect(resolveDestination("[::1]", false)).rejects.toThrow(/Refused/);
    expect(await resolveDestination("127.0.0.1", true)).toEqual({ address: "127.0.0.1", family: 4 });
  });

  it("refuses localhost by resolving it", async () => {
    await expect(resolveDestination("localhost", false)).rejects.toThrow(/Refused: localhost resolves to/);
  });
});
