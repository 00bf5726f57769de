CREATE TABLE "simulated_registry_domains" (
	"registry" text NOT NULL,
	"name" text NOT NULL,
	"nameservers" jsonb,
	"holder" jsonb,
	CONSTRAINT "simulated_registry_domains_pk" PRIMARY KEY("registry","name")
);
--> statement-breakpoint
CREATE TABLE "simulated_registry_requests" (
	"registry" text NOT NULL,
	"client_ref" text NOT NULL,
	"name" text NOT NULL,
	"answer" jsonb NOT NULL,
	"holds" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_registry_requests_pk" PRIMARY KEY("registry","client_ref")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_registry_requests_holder" ON "simulated_registry_requests" USING btree ("registry","name") WHERE "simulated_registry_requests"."holds";