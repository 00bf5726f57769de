ALTER TABLE "baskets" DROP CONSTRAINT "baskets_session_id_hash_unique";--> statement-breakpoint
ALTER TABLE "baskets" DROP CONSTRAINT "baskets_customer_id_unique";--> statement-breakpoint
DROP INDEX "basket_items_one_per_domain_idx";--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "channel" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_hosting_accounts" ADD COLUMN "reseller_sites" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_session_channel_idx" ON "baskets" USING btree ("session_id_hash","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_customer_channel_idx" ON "baskets" USING btree ("customer_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "basket_items_one_per_domain_idx" ON "basket_items" USING btree ("parent_unique","product_type") WHERE "basket_items"."product_type" in ('LINUX_PACKAGE', 'RESELLER_PACKAGE', 'REDIRECT', 'TRANSFER_CODE', 'FREE_INSTALL');