CREATE TABLE "dns_zone_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"customer_id" integer,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"records" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"manageable" boolean DEFAULT true NOT NULL,
	"active_dns_server" boolean DEFAULT true NOT NULL,
	"privacy_enabled" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_revision" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_extensions" ADD COLUMN "privacy_supported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dns_profile_records" ADD COLUMN "ttl" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "dns_zone_revisions" ADD CONSTRAINT "dns_zone_revisions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zone_revisions" ADD CONSTRAINT "dns_zone_revisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dns_zone_revisions_domain_revision_idx" ON "dns_zone_revisions" USING btree ("domain_id","revision");--> statement-breakpoint
CREATE INDEX "dns_zones_unpublished_idx" ON "dns_zones" USING btree ("domain_id") WHERE "dns_zones"."published_revision" < "dns_zones"."revision";--> statement-breakpoint
UPDATE "domain_dns_records" SET "name" = '@' WHERE "name" = '';--> statement-breakpoint
UPDATE "dns_profile_records" SET "name" = '@' WHERE "name" = '';--> statement-breakpoint
INSERT INTO "dns_zones" ("domain_id") SELECT "id" FROM "domains" ON CONFLICT DO NOTHING;
