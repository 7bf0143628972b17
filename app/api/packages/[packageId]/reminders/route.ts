import { reminderScheduleRequest, reminderScheduleResponse } from "@/lib/api/reminders";
import { createReminderSchedule } from "@/lib/esign/reminders/create-reminder-schedule";
import { deleteReminderSchedule } from "@/lib/esign/reminders/delete-reminder-schedule";
import { getReminderSchedule } from "@/lib/esign/reminders/get-reminder-schedule";
import { updateReminderSchedule } from "@/lib/esign/reminders/update-reminder-schedule";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { json, noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

/** The schedule and its reminders; 204 No Content when the package has none (compat notes). */
export const GET = apiRoute({ params: ["packageId"], tag: "Reminders", summary: "Read the reminder schedule (204 when none)", permission: PERMISSIONS.transaction, responses: { 200: ok(reminderScheduleResponse), 204: noBody } }, async ({ db, caller, params }) => {
  const schedule = await getReminderSchedule(db, caller, params.packageId);
  return schedule ? json(schedule) : noContent();
});

/** Creates the schedule; the package must be a DRAFT. */
export const POST = apiRoute({ params: ["packageId"], tag: "Reminders", summary: "Create the reminder schedule of a draft", permission: PERMISSIONS.transaction, body: { schema: reminderScheduleRequest }, responses: { 201: ok(reminderScheduleResponse) } }, async ({ db, caller, params, body }) => {
  return json(await createReminderSchedule(db, caller, params.packageId, body), 201);
});

/** Changes the schedule, also after sending (pending reminders are re-planned). */
export const PUT = apiRoute({ params: ["packageId"], tag: "Reminders", summary: "Change the reminder schedule", permission: PERMISSIONS.transaction, body: { schema: reminderScheduleRequest }, responses: { 200: ok(reminderScheduleResponse) } }, async ({ db, caller, params, body }) => {
  return json(await updateReminderSchedule(db, caller, params.packageId, body));
});

export const DELETE = apiRoute({ params: ["packageId"], tag: "Reminders", summary: "Delete the reminder schedule", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteReminderSchedule(db, caller, params.packageId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
