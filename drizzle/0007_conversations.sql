CREATE TABLE "chat_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"widget_id" text NOT NULL,
	"sender" text NOT NULL,
	"author_uid" text,
	"author_name" text,
	"body" text NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_sender_check" CHECK ("conversation_messages"."sender" in ('visitor', 'operator', 'system'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"widget_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"request_key" text NOT NULL,
	"page_url" text,
	"page_title" text,
	"locale" text NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_sender" text DEFAULT 'visitor' NOT NULL,
	"operator_unread" integer DEFAULT 0 NOT NULL,
	"visitor_unread" integer DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"visitor_read_id" bigint DEFAULT 0 NOT NULL,
	"owner_notified_at" timestamp with time zone,
	"visitor_notified_at" timestamp with time zone,
	"transcript_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" text PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"user_id" text,
	"name" text,
	"email" text,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "follow_page_language" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "launcher_position" text DEFAULT 'right' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "pre_chat" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "away_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "identity_secret" text;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "presence" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "operator_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversation_messages_widget_idx" ON "conversation_messages" USING btree ("widget_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_request_key_idx" ON "conversation_messages" USING btree ("conversation_id","sender","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_visitor_request_key_idx" ON "conversations" USING btree ("visitor_id","request_key");--> statement-breakpoint
CREATE INDEX "conversations_widget_activity_idx" ON "conversations" USING btree ("widget_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_visitor_activity_idx" ON "conversations" USING btree ("visitor_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_closed_idx" ON "conversations" USING btree ("status","closed_at");--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_widget_user_idx" ON "visitors" USING btree ("widget_id","user_id");--> statement-breakpoint
CREATE INDEX "visitors_widget_seen_idx" ON "visitors" USING btree ("widget_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_launcher_position_check" CHECK ("widgets"."launcher_position" in ('left', 'right'));--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_pre_chat_check" CHECK ("widgets"."pre_chat" in ('off', 'name', 'nameEmail'));--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_presence_check" CHECK ("widgets"."presence" in ('auto', 'available', 'away'));--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_retention_days_check" CHECK ("widgets"."retention_days" between 1 and 3650);--> statement-breakpoint
-- The public rooms: the lobby. A widget no longer has a room shared by its visitors (each visitor has
-- private conversations instead), so what visitors wrote in those rooms is deleted with them.
INSERT INTO "chat_rooms" ("id") VALUES ('lobby') ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "chat_messages" WHERE "room" <> 'lobby';
