CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text_en" text,
	"text_de" text,
	"created_by" text NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_replies_text_check" CHECK ("saved_replies"."text_en" is not null or "saved_replies"."text_de" is not null)
);
--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_title_idx" ON "saved_replies" USING btree ("workspace_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_request_key_idx" ON "saved_replies" USING btree ("workspace_id","created_by","request_key");