CREATE TABLE "mail_deliveries" (
	"job_id" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"runner" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
