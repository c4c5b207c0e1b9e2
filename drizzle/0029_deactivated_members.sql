CREATE TABLE "deactivated_members" (
	"workspace_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"role" text NOT NULL,
	"name" text,
	"email" text,
	"joined_at" timestamp with time zone NOT NULL,
	"deactivated_by" text NOT NULL,
	"deactivated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deactivated_members_workspace_id_uid_pk" PRIMARY KEY("workspace_id","uid"),
	CONSTRAINT "deactivated_members_role_check" CHECK ("deactivated_members"."role" in ('admin', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "deactivated_members" ADD CONSTRAINT "deactivated_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;