CREATE TABLE "basket_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"position" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "basket_products_product_code_unique" UNIQUE("product_code"),
	CONSTRAINT "basket_products_product_type_unique" UNIQUE("product_type")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percentage" integer,
	"amount" integer,
	"product_types" jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_profile_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"priority" integer
);
--> statement-breakpoint
CREATE TABLE "dns_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whois_holders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"label" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'M' NOT NULL,
	"forename" text NOT NULL,
	"surname" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"house_number_add" text DEFAULT '' NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'NL' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"vat" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "dns_profile_records" ADD CONSTRAINT "dns_profile_records_profile_id_dns_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."dns_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_profiles" ADD CONSTRAINT "dns_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whois_holders" ADD CONSTRAINT "whois_holders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_profile_records_profile_idx" ON "dns_profile_records" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "dns_profiles_customer_idx" ON "dns_profiles" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "whois_holders_customer_idx" ON "whois_holders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "basket_items_parent_idx" ON "basket_items" USING btree ("parent_unique");--> statement-breakpoint
CREATE UNIQUE INDEX "basket_items_one_per_domain_idx" ON "basket_items" USING btree ("parent_unique","product_type") WHERE "basket_items"."product_type" in ('LINUX_PACKAGE', 'REDIRECT', 'TRANSFER_CODE', 'FREE_INSTALL');--> statement-breakpoint
CREATE UNIQUE INDEX "basket_items_extra_once_idx" ON "basket_items" USING btree ("parent_unique","product_id") WHERE "basket_items"."product_type" = 'EXTRA_SERVICE';