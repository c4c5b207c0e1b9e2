ALTER TABLE "deactivated_members" ALTER COLUMN "deactivated_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deactivated_members" ADD COLUMN "reason" text DEFAULT 'chosen' NOT NULL;--> statement-breakpoint
ALTER TABLE "deactivated_members" ADD CONSTRAINT "deactivated_members_reason_check" CHECK ("deactivated_members"."reason" in ('chosen', 'seats'));