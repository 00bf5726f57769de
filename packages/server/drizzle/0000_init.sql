CREATE TABLE "basket_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" integer NOT NULL,
	"unique" text NOT NULL,
	"parent_unique" text,
	"product_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"title" text NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_unique_unique" UNIQUE("unique")
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id_hash" text,
	"customer_id" integer,
	"period" text DEFAULT 'YEARLY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baskets_session_id_hash_unique" UNIQUE("session_id_hash")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_extensions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"extension" text NOT NULL,
	"position" integer NOT NULL,
	"original_price" integer NOT NULL,
	"discounted_price" integer NOT NULL,
	"transfer_price" integer NOT NULL,
	"rdap_base_url" text,
	"whois_server" text,
	"whois_free_pattern" text,
	"whois_quarantine_pattern" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "domain_extensions_product_code_unique" UNIQUE("product_code"),
	CONSTRAINT "domain_extensions_extension_unique" UNIQUE("extension")
);
--> statement-breakpoint
CREATE TABLE "extra_services" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"position" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "extra_services_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "free_installs" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "free_installs_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "hosting_packages" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"position" integer NOT NULL,
	"original_price" integer NOT NULL,
	"discounted_price" integer NOT NULL,
	"reseller" boolean DEFAULT false NOT NULL,
	"most_chosen" boolean DEFAULT false NOT NULL,
	"disk_space" text NOT NULL,
	"data_traffic" text NOT NULL,
	"features" jsonb NOT NULL,
	CONSTRAINT "hosting_packages_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" text NOT NULL,
	"user_agent" text,
	"msg" text NOT NULL,
	"url" text NOT NULL,
	"line" integer,
	"column" integer,
	"error" text,
	"error_stack_trace" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"csrf_token" text NOT NULL,
	"customer_id" integer,
	"language" text DEFAULT 'nl' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_captcha_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_items_basket_idx" ON "basket_items" USING btree ("basket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "basket_items_one_domain_idx" ON "basket_items" USING btree ("basket_id","title") WHERE "basket_items"."parent_unique" is null;