CREATE TABLE "visitor_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"erased_by" text NOT NULL,
	"conversations" integer NOT NULL,
	"messages" integer NOT NULL,
	"transcript_requests" integer NOT NULL,
	"mails" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "blocked_by" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "visitor_erasures" ADD CONSTRAINT "visitor_erasures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_erasures_workspace_idx" ON "visitor_erasures" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_visitor_idx" ON "mails" USING btree ("visitor_id");