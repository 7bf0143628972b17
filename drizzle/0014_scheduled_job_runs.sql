CREATE TABLE "scheduled_job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_success" timestamp (3) with time zone NOT NULL
);
