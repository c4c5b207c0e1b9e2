CREATE TABLE "lease_holders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "stream_leases" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"token" uuid NOT NULL,
	"holder" uuid NOT NULL,
	CONSTRAINT "stream_leases_bucket_key_slot_pk" PRIMARY KEY("bucket","key","slot")
);
--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "visitors_per_hour" integer;--> statement-breakpoint
CREATE INDEX "rate_limits_resets_at_idx" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_leases_token_idx" ON "stream_leases" USING btree ("token");--> statement-breakpoint
CREATE INDEX "stream_leases_holder_idx" ON "stream_leases" USING btree ("holder");--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_visitors_per_hour_check" CHECK ("widgets"."visitors_per_hour" between 1 and 100000);