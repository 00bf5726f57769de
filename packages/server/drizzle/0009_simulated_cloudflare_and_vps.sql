CREATE TABLE "simulated_cloudflare_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"zone_id" text NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"client_ref" text NOT NULL,
	"nameservers" jsonb NOT NULL,
	"active_from" timestamp with time zone NOT NULL,
	CONSTRAINT "simulated_cloudflare_zones_zone_id" UNIQUE("platform","zone_id"),
	CONSTRAINT "simulated_cloudflare_zones_name" UNIQUE("platform","name")
);
--> statement-breakpoint
CREATE TABLE "simulated_vps_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"client_ref" text NOT NULL,
	"hostname" text NOT NULL,
	"package_code" text NOT NULL,
	"spec" jsonb NOT NULL,
	"customer_ref" text NOT NULL,
	"ipv4" text NOT NULL,
	"running_from" timestamp with time zone NOT NULL,
	CONSTRAINT "simulated_vps_servers_client_ref" UNIQUE("platform","client_ref"),
	CONSTRAINT "simulated_vps_servers_ipv4" UNIQUE("platform","ipv4")
);
