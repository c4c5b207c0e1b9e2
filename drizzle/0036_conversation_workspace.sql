DROP INDEX "conversations_unassigned_activity_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "conversations" SET "workspace_id" = "widgets"."workspace_id" FROM "widgets" WHERE "widgets"."id" = "conversations"."widget_id";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_workspace_activity_idx" ON "conversations" USING btree ("workspace_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_workspace_open_idx" ON "conversations" USING btree ("workspace_id","last_message_at","id") WHERE "conversations"."status" = 'open';--> statement-breakpoint
CREATE INDEX "conversations_workspace_unread_idx" ON "conversations" USING btree ("workspace_id","last_message_at","id") WHERE "conversations"."operator_unread" > 0;--> statement-breakpoint
CREATE INDEX "conversations_unassigned_activity_idx" ON "conversations" USING btree ("workspace_id","last_message_at","id") WHERE "conversations"."assignee_uid" is null;