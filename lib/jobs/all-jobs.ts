/** Imports every module that defines a job, so a worker started here knows them all. */
import "@/lib/email/send-email-job";
import "@/lib/esign/time-based/due-work-job";
import "@/lib/callbacks/deliver-callback-job";
import "@/lib/esign/sealing/seal-package-job";
