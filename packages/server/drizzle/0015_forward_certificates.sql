CREATE TABLE "acme_challenges" (
	"token" text PRIMARY KEY NOT NULL,
	"key_authorization" text NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forward_certificate_leases" (
	"host" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forward_certificates" (
	"host" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"key_pem" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "forward_certificates_not_after_idx" ON "forward_certificates" USING btree ("not_after");