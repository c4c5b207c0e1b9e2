CREATE TABLE "chat_mutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"muted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "author_guest" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deletion_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_mutes_room_author_idx" ON "chat_mutes" USING btree ("room","author");--> statement-breakpoint
CREATE INDEX "chat_messages_room_event_idx" ON "chat_messages" USING btree ("room",coalesce("deletion_id", "id"));--> statement-breakpoint
CREATE INDEX "chat_messages_author_guest_idx" ON "chat_messages" USING btree ("author_guest") WHERE "chat_messages"."author_guest" is not null;