ALTER TABLE "domain_redirects" ADD COLUMN "redirect_status" integer DEFAULT 301 NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_redirects" ADD COLUMN "keep_path" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_redirects" ADD COLUMN "frame_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_redirects" ADD COLUMN "dns_records" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_redirects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;