CREATE TABLE "cloudflare_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"client_ref" text NOT NULL,
	"domain" text NOT NULL,
	"product_id" integer NOT NULL,
	"plan_code" text NOT NULL,
	"zone_id" text NOT NULL,
	"nameservers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssl_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"client_ref" text NOT NULL,
	"common_name" text NOT NULL,
	"alt_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"validation" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_detail" text,
	"private_key_pem" text NOT NULL,
	"csr_pem" text NOT NULL,
	"certificate_pem" text,
	"chain_pem" text,
	"not_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vps_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"client_ref" text NOT NULL,
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"spec" jsonb NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text NOT NULL,
	"ipv4" text,
	"ipv6" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloudflare_zones" ADD CONSTRAINT "cloudflare_zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssl_certificates" ADD CONSTRAINT "ssl_certificates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_servers" ADD CONSTRAINT "vps_servers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloudflare_zones_domain_idx" ON "cloudflare_zones" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "cloudflare_zones_client_ref_idx" ON "cloudflare_zones" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "cloudflare_zones_customer_idx" ON "cloudflare_zones" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssl_certificates_client_ref_idx" ON "ssl_certificates" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "ssl_certificates_customer_idx" ON "ssl_certificates" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_servers_client_ref_idx" ON "vps_servers" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "vps_servers_customer_idx" ON "vps_servers" USING btree ("customer_id");