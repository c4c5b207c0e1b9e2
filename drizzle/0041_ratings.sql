CREATE TABLE "conversation_ratings" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"locale" text NOT NULL,
	"assignee_uid" text,
	"score" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_ratings_score_check" CHECK ("conversation_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "ask_rating" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_assignee_uid" text;--> statement-breakpoint
UPDATE "conversations" SET "closed_assignee_uid" = "assignee_uid" WHERE "status" = 'closed';--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD CONSTRAINT "conversation_ratings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD CONSTRAINT "conversation_ratings_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_ratings_widget_idx" ON "conversation_ratings" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_ratings_assignee_idx" ON "conversation_ratings" USING btree ("assignee_uid","created_at");