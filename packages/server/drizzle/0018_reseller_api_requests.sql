CREATE TABLE "reseller_api_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reseller_api_requests" ADD CONSTRAINT "reseller_api_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_api_requests_key_idx" ON "reseller_api_requests" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reseller_api_requests_created_idx" ON "reseller_api_requests" USING btree ("created_at");