/**
 * A moment as the certificate of completion shows it: local time in the package's time zone, with
 * the zone's abbreviation where there is one and its offset from UTC, e.g.
 * "27 Nov 2026, 14:05:09 CET (UTC+01:00)". A zone the runtime does not know falls back to UTC.
 */
export function formatEvidenceTime(date: Date, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const parts = partsOf(date, zone, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  const offset = offsetOf(date, zone);
  const local = `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}:${parts.second}`;
  const abbreviation = abbreviationOf(date, zone);
  if (abbreviation === "UTC" && offset === "UTC+00:00") return `${local} UTC`;
  return abbreviation ? `${local} ${abbreviation} (${offset})` : `${local} (${offset})`;
}

/** The zone, or "UTC" when the runtime does not know it (the API accepts any text as timezoneId). */
export function knownTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** "UTC+01:00", "UTC-05:00", "UTC+05:30". */
function offsetOf(date: Date, timeZone: string): string {
  const name = partsOf(date, timeZone, { timeZoneName: "longOffset" }).timeZoneName;
  // "GMT" alone is an offset of zero.
  return name === "GMT" ? "UTC+00:00" : name.replace(/^GMT/, "UTC");
}

/** "CET", "EST", "UTC"; empty when the runtime knows only an offset for the zone ("GMT+5:30"). */
function abbreviationOf(date: Date, timeZone: string): string {
  for (const locale of ["en-GB", "en-US"]) {
    const name = partsOf(date, timeZone, { timeZoneName: "short" }, locale).timeZoneName;
    if (!/^GMT[+-]/.test(name)) return name;
  }
  return "";
}

function partsOf(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-GB"): Record<string, string> {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** An IPv4 address as people write it: without the "::ffff:" prefix of an IPv4-mapped IPv6 address. */
export function readableIpAddress(ipAddress: string | null | undefined): string {
  const address = (ipAddress ?? "").trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}
