ALTER TABLE "dns_zones" ADD COLUMN "publish_failure" jsonb;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD COLUMN "publish_failed_at" timestamp with time zone;