CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_uid_pk" PRIMARY KEY("workspace_id","uid"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal_of" text,
	"system_key" text,
	"created_by" text,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "widgets_uid_idx";--> statement-breakpoint
DROP INDEX "widgets_uid_request_key_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "current_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "widgets" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_uid_idx" ON "workspace_members" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_idx" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_of_idx" ON "workspaces" USING btree ("personal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_system_key_idx" ON "workspaces" USING btree ("system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_created_by_request_key_idx" ON "workspaces" USING btree ("created_by","request_key");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_current_workspace_id_workspaces_id_fk" FOREIGN KEY ("current_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widgets_workspace_idx" ON "widgets" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_workspace_request_key_idx" ON "widgets" USING btree ("workspace_id","request_key");--> statement-breakpoint
-- Hand-written: every owner of widgets gets a personal workspace with an owner membership, and their widgets
-- (with their visitors, conversations and messages, which hang off the widget) move into it. The support
-- owner's widgets move into the support workspace, whose members are the accounts with the admin claim.
INSERT INTO "workspaces" ("name", "personal_of") SELECT DISTINCT 'Personal', "uid" FROM "widgets" WHERE "uid" <> 'plauder:support';
--> statement-breakpoint
INSERT INTO "workspaces" ("name", "system_key") SELECT 'Plauder support', 'support' WHERE EXISTS (SELECT 1 FROM "widgets" WHERE "uid" = 'plauder:support');
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "uid", "role") SELECT "id", "personal_of", 'owner' FROM "workspaces" WHERE "personal_of" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "uid", "role") SELECT DISTINCT "workspaces"."id", "sessions"."uid", 'admin' FROM "sessions", "workspaces" WHERE "workspaces"."system_key" = 'support' AND "sessions"."revoked_at" IS NULL AND "sessions"."expires_at" > now() AND ("sessions"."profile"->>'admin')::boolean;
--> statement-breakpoint
UPDATE "widgets" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_of" = "widgets"."uid";
--> statement-breakpoint
UPDATE "widgets" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."system_key" = 'support' AND "widgets"."uid" = 'plauder:support';
--> statement-breakpoint
ALTER TABLE "widgets" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "widgets" DROP COLUMN "uid";
