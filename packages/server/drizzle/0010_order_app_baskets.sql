CREATE TABLE "order_app_baskets" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id_hash" text,
	"customer_id" integer,
	"item" jsonb,
	"conversion_id" text NOT NULL,
	"return_path" text DEFAULT '/' NOT NULL,
	"ordered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_app_baskets_session_id_hash_unique" UNIQUE("session_id_hash"),
	CONSTRAINT "order_app_baskets_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "order_app_baskets" ADD CONSTRAINT "order_app_baskets_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_app_baskets" ADD CONSTRAINT "order_app_baskets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;