import { describe, expect, it } from "vitest";
import { createSubAccountRequest, isTimeZoneId, TIMEZONE_ABBREVIATIONS } from "@/lib/api/sub-accounts";
import { languageChoices, LANGUAGE_CODES, timeZoneChoices } from "./account-settings-choices";

describe("timeZoneChoices", () => {
  it("offers the service's abbreviations, then region/city identifiers with spaces for underscores", () => {
    const choices = timeZoneChoices(undefined, ["America/New_York", "Europe/Paris", "UTC"]);
    expect(choices.abbreviations.map((choice) => choice.value)).toEqual([...TIMEZONE_ABBREVIATIONS]);
    expect(choices.regions).toEqual([
      { value: "America/New_York", label: "America/New York" },
      { value: "Europe/Paris", label: "Europe/Paris" },
    ]);
  });

  it("keeps an account's current time zone offered when the lists lack it, and does not repeat a known one", () => {
    expect(timeZoneChoices("Asia/Calcutta", ["Europe/Paris"]).regions[0]).toEqual({ value: "Asia/Calcutta", label: "Asia/Calcutta" });
    expect(timeZoneChoices("Europe/Paris", ["Europe/Paris"]).regions).toHaveLength(1);
    expect(timeZoneChoices("EST", ["Europe/Paris"]).regions).toHaveLength(1);
  });

  it("offers only values the service accepts, with this runtime's own list", () => {
    const { abbreviations, regions } = timeZoneChoices();
    expect(regions.length).toBeGreaterThan(100);
    expect([...abbreviations, ...regions].filter((choice) => !isTimeZoneId(choice.value))).toEqual([]);
  });
});

describe("languageChoices", () => {
  it("names Signet's own languages in themselves, the others in the page's language, beside the code", () => {
    const choices = languageChoices("en");
    expect(choices.map((choice) => choice.value)).toEqual([...LANGUAGE_CODES]);
    expect(choices.find((choice) => choice.value === "fr")).toEqual({ value: "fr", label: "Français (fr)", lang: "fr" });
    expect(choices.find((choice) => choice.value === "ja")).toEqual({ value: "ja", label: "日本語 (ja)", lang: "ja" });
    expect(choices.find((choice) => choice.value === "da")).toEqual({ value: "da", label: "Danish (da)" });
    expect(languageChoices("fr").find((choice) => choice.value === "da")?.label).toBe("danois (da)");
    expect(languageChoices("de").find((choice) => choice.value === "fr")?.label).toBe("Français (fr)");
  });

  it("keeps the current language offered first when it is not in the list", () => {
    expect(languageChoices("en", "ga")[0]).toEqual({ value: "ga", label: "Irish (ga)" });
    expect(languageChoices("en", "fr")).toHaveLength(LANGUAGE_CODES.length);
  });

  it("offers only codes the service accepts, unchanged by its normalisation", () => {
    for (const { value } of languageChoices("en")) {
      expect(createSubAccountRequest.parse({ name: "X", language: value }).language).toBe(value);
    }
  });
});
