CREATE TABLE "order_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"position" integer NOT NULL,
	"price" integer NOT NULL,
	"period" text NOT NULL,
	"details" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "order_products_product_code_unique" UNIQUE("product_code")
);
