CREATE TABLE "mention_mails" (
	"message_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mention_mails_message_id_uid_pk" PRIMARY KEY("message_id","uid")
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_sender_check";--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "mentions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mention_mails" ADD CONSTRAINT "mention_mails_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_check" CHECK ("conversation_messages"."sender" in ('visitor', 'operator', 'system', 'note'));