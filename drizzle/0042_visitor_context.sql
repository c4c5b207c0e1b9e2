CREATE TABLE "visitor_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "page_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitor_pages" ADD CONSTRAINT "visitor_pages_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_pages_visitor_url_idx" ON "visitor_pages" USING btree ("visitor_id","url");--> statement-breakpoint
CREATE INDEX "visitor_pages_visitor_at_idx" ON "visitor_pages" USING btree ("visitor_id","at");