CREATE TABLE "standard_holders" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_holders" ADD COLUMN "uses_standard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_holders" ADD COLUMN "whois_holder_id" integer;--> statement-breakpoint
ALTER TABLE "standard_holders" ADD CONSTRAINT "standard_holders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_holders" ADD CONSTRAINT "domain_holders_whois_holder_id_whois_holders_id_fk" FOREIGN KEY ("whois_holder_id") REFERENCES "public"."whois_holders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_holders_whois_holder_idx" ON "domain_holders" USING btree ("whois_holder_id");