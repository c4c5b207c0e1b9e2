ALTER TABLE "orders" ADD COLUMN "notified_status" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "notify_product_news";--> statement-breakpoint
-- Staff replies and failed payments from before these e-mails existed count as mailed: a repeated request
-- or a redelivered event must not mail them now.
UPDATE "ticket_messages" SET "notified_at" = "created_at" WHERE "staff";--> statement-breakpoint
UPDATE "orders" SET "notified_status" = "status" WHERE "status" = 'failed';
