CREATE TABLE "domain_holders" (
	"domain_id" integer PRIMARY KEY NOT NULL,
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_holders" ADD CONSTRAINT "domain_holders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;