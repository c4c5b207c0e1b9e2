ALTER TABLE "visitors" ADD COLUMN "name_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;