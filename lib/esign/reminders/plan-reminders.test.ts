import { describe, expect, it } from "vitest";
import { pendingReminderDates, planReminderDates } from "./plan-reminders";

const sent = new Date("2026-03-01T09:30:00.000Z");
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("planReminderDates", () => {
  it("starts after the delay and repeats every interval, repetitionsCount in all", () => {
    expect(iso(planReminderDates(sent, { startInDaysDelay: 2, intervalInDays: 3, repetitionsCount: 4 }))).toEqual([
      "2026-03-03T09:30:00.000Z",
      "2026-03-06T09:30:00.000Z",
      "2026-03-09T09:30:00.000Z",
      "2026-03-12T09:30:00.000Z",
    ]);
  });

  it("can start on the day of sending", () => {
    expect(iso(planReminderDates(sent, { startInDaysDelay: 0, intervalInDays: 1, repetitionsCount: 2 }))).toEqual([
      "2026-03-01T09:30:00.000Z",
      "2026-03-02T09:30:00.000Z",
    ]);
  });

  it("counts 24-hour days in UTC, across month and year ends", () => {
    const lateDecember = new Date("2026-12-30T23:59:59.999Z");
    expect(iso(planReminderDates(lateDecember, { startInDaysDelay: 1, intervalInDays: 30, repetitionsCount: 2 }))).toEqual([
      "2026-12-31T23:59:59.999Z",
      "2027-01-30T23:59:59.999Z",
    ]);
  });

  it("plans five reminders at most when asked for five", () => {
    expect(planReminderDates(sent, { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 5 })).toHaveLength(5);
  });
});

describe("pendingReminderDates", () => {
  const timings = { startInDaysDelay: 1, intervalInDays: 2, repetitionsCount: 3 };

  it("is the whole plan when nothing was sent", () => {
    expect(pendingReminderDates(sent, timings, 0)).toEqual(planReminderDates(sent, timings));
  });

  it("leaves out the reminders already sent", () => {
    expect(iso(pendingReminderDates(sent, timings, 1))).toEqual(["2026-03-04T09:30:00.000Z", "2026-03-06T09:30:00.000Z"]);
  });

  it("is empty once as many were sent as the schedule asks for, or more", () => {
    expect(pendingReminderDates(sent, timings, 3)).toEqual([]);
    expect(pendingReminderDates(sent, timings, 4)).toEqual([]);
  });
});
