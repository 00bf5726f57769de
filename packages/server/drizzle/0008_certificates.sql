CREATE TABLE "simulated_certificate_authorities" (
	"authority" text PRIMARY KEY NOT NULL,
	"root_key_pem" text NOT NULL,
	"root_certificate_pem" text NOT NULL,
	"intermediate_key_pem" text NOT NULL,
	"intermediate_certificate_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"authority" text NOT NULL,
	"client_ref" text NOT NULL,
	"product_code" text NOT NULL,
	"common_name" text NOT NULL,
	"alt_names" jsonb NOT NULL,
	"validation" text NOT NULL,
	"organisation" text,
	"csr_pem" text NOT NULL,
	"status" text NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"failure_detail" text,
	"serial" text,
	"certificate_pem" text,
	"not_after" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_certificates_client_ref" UNIQUE("authority","client_ref")
);
