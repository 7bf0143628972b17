/**
 * Imports every module that defines a job, so a worker started here knows them all. Only the
 * worker (queue.ts) imports this: the handlers are the consumers of what the service records.
 */
import "@/lib/callbacks/deliver-callback-job";
import "@/lib/email/send-email-job";
import "@/lib/esign/sealing/seal-package-job";
import "./due-work-job";
