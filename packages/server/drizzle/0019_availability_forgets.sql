ALTER TABLE "availability_cache" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_cache" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_cache" ADD COLUMN "forgotten_at" timestamp with time zone;