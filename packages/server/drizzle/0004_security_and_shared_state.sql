CREATE TABLE "login_throttles" (
	"scope" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "availability_cache" (
	"domain" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulated_hosting_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"client_ref" text NOT NULL,
	"domain" text NOT NULL,
	"username" text NOT NULL,
	"package_code" text NOT NULL,
	"cms_install" text,
	"customer_ref" text NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "simulated_hosting_accounts_client_ref" UNIQUE("platform","client_ref"),
	CONSTRAINT "simulated_hosting_accounts_domain" UNIQUE("platform","domain"),
	CONSTRAINT "simulated_hosting_accounts_username" UNIQUE("platform","username")
);
--> statement-breakpoint
CREATE TABLE "simulated_payment_attempts" (
	"merchant_order_id" text PRIMARY KEY NOT NULL,
	"provider_order_id" text NOT NULL,
	"announcement" jsonb NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_attempts_provider_order_id_unique" UNIQUE("provider_order_id")
);
--> statement-breakpoint
CREATE TABLE "simulated_payment_notifications" (
	"authentication" text PRIMARY KEY NOT NULL,
	"merchant_order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baskets" DROP CONSTRAINT "baskets_session_id_hash_sessions_id_hash_fk";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");