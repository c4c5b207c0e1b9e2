CREATE TABLE "transcript_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "name_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "transcript_email" text;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "identity_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_requests" ADD CONSTRAINT "transcript_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_requests_conversation_email_idx" ON "transcript_requests" USING btree ("conversation_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_requests_token_idx" ON "transcript_requests" USING btree ("token_hash");