CREATE TABLE "login_throttles" (
	"scope" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
