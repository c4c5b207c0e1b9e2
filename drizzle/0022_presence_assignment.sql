CREATE TABLE "operator_heartbeats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_presence" (
	"workspace_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_presence_workspace_id_uid_pk" PRIMARY KEY("workspace_id","uid"),
	CONSTRAINT "operator_presence_status_check" CHECK ("operator_presence"."status" in ('available', 'away'))
);
--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "assign_capacity" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_uid" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_heartbeats" ADD CONSTRAINT "operator_heartbeats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_presence" ADD CONSTRAINT "operator_presence_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_heartbeats_workspace_idx" ON "operator_heartbeats" USING btree ("workspace_id","uid","seen_at");--> statement-breakpoint
CREATE INDEX "conversations_assignee_activity_idx" ON "conversations" USING btree ("assignee_uid","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_unassigned_activity_idx" ON "conversations" USING btree ("widget_id","last_message_at") WHERE "conversations"."assignee_uid" is null;--> statement-breakpoint
ALTER TABLE "widgets" DROP COLUMN "operator_seen_at";--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_assign_capacity_check" CHECK ("widgets"."assign_capacity" between 1 and 100);