CREATE TABLE "domain_dns_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"priority" integer,
	"ttl" integer DEFAULT 3600 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_redirects" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"forward_option" text DEFAULT 'HTTP' NOT NULL,
	"forward_to" text NOT NULL,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "hosting_account_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"hosting_account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"domain" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"username" text NOT NULL,
	"provider_ref" text NOT NULL,
	"cms_install" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_mandates_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "fulfilment_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"addressee" jsonb NOT NULL,
	"total_exclude_tax" integer DEFAULT 0 NOT NULL,
	"total_tax" integer DEFAULT 0 NOT NULL,
	"total_include_tax" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"unique" text NOT NULL,
	"parent_unique" text,
	"product_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"title" text NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"holder" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"period" text NOT NULL,
	"discount_code" text,
	"total_exclude_tax" integer NOT NULL,
	"total_tax" integer NOT NULL,
	"total_include_tax" integer NOT NULL,
	"discount_exclude_tax" integer DEFAULT 0 NOT NULL,
	"administrative_cost" integer DEFAULT 0 NOT NULL,
	"closed_invoice" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"fulfilment_lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"provider_order_id" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_merchant_order_id_unique" UNIQUE("merchant_order_id")
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_dns_records" ADD CONSTRAINT "domain_dns_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_redirects" ADD CONSTRAINT "domain_redirects_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_account_extras" ADD CONSTRAINT "hosting_account_extras_hosting_account_id_hosting_accounts_id_fk" FOREIGN KEY ("hosting_account_id") REFERENCES "public"."hosting_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_steps" ADD CONSTRAINT "fulfilment_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_dns_records_domain_idx" ON "domain_dns_records" USING btree ("domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hosting_account_extras_once_idx" ON "hosting_account_extras" USING btree ("hosting_account_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hosting_accounts_domain_idx" ON "hosting_accounts" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "hosting_accounts_customer_idx" ON "hosting_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilment_steps_order_key_idx" ON "fulfilment_steps" USING btree ("order_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_idx" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_idx" ON "orders" USING btree ("customer_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");