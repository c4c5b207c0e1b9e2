ALTER TABLE "widgets" ADD COLUMN "pre_chat_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "privacy_policy_url" text;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "theme" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_theme_check" CHECK ("widgets"."theme" in ('auto', 'light', 'dark'));