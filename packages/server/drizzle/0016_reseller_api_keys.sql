CREATE TABLE "reseller_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reseller_api_keys" ADD CONSTRAINT "reseller_api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_api_keys_prefix_idx" ON "reseller_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "reseller_api_keys_customer_idx" ON "reseller_api_keys" USING btree ("customer_id");