CREATE TABLE "domain_order_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "domain_order_claims" ADD CONSTRAINT "domain_order_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_order_claims_order_idx" ON "domain_order_claims" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_invoice_id_invoices_id_fk" FOREIGN KEY ("credit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_credit_invoice_idx" ON "orders" USING btree ("credit_invoice_id");--> statement-breakpoint
-- Orders in flight claim their new domains (the first order of a name, when two are in flight).
INSERT INTO "domain_order_claims" ("name", "order_id", "created_at")
SELECT DISTINCT ON (lower(l."title")) lower(l."title"), o."id", o."created_at"
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."status" IN ('AWAITING_PAYMENT', 'CONFIRMED') AND l."parent_unique" IS NULL AND l."product_type" IN ('DOMAIN', 'DOMAIN_TRANSFER') AND NOT l."invoiced"
ORDER BY lower(l."title"), o."id"
ON CONFLICT DO NOTHING;
