CREATE TABLE "dashboard_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_alerts" (
	"conversation_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_alerts_conversation_id_uid_pk" PRIMARY KEY("conversation_id","uid")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "alert_sound" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_alerts" text DEFAULT 'now' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD CONSTRAINT "operator_alerts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_streams_uid_idx" ON "dashboard_streams" USING btree ("uid","seen_at");--> statement-breakpoint
CREATE INDEX "operator_alerts_uid_idx" ON "operator_alerts" USING btree ("uid");--> statement-breakpoint
-- An owner who had turned every widget's notification address off chose no e-mail: keep it so (their
-- profile is created when missing). The alerts now go to each member's own address.
INSERT INTO "profiles" ("uid", "email_alerts")
SELECT m."uid", 'never' FROM "widgets" w JOIN "workspace_members" m ON m."workspace_id" = w."workspace_id" AND m."role" = 'owner'
GROUP BY m."uid" HAVING bool_and(w."notify_email" IS NULL)
ON CONFLICT ("uid") DO UPDATE SET "email_alerts" = 'never';--> statement-breakpoint
ALTER TABLE "widgets" DROP COLUMN "notify_email";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "owner_notified_at";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_email_alerts_check" CHECK ("profiles"."email_alerts" in ('now', 'after2', 'after5', 'after15', 'never'));