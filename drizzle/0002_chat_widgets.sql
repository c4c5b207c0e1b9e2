CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"author_uid" text,
	"author_name" text NOT NULL,
	"host" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" jsonb NOT NULL,
	"accent_color" text NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_messages_room_id_idx" ON "chat_messages" USING btree ("room","id");--> statement-breakpoint
CREATE INDEX "widgets_uid_idx" ON "widgets" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_uid_request_key_idx" ON "widgets" USING btree ("uid","request_key");