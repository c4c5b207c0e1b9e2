ALTER TABLE "widgets" ALTER COLUMN "follow_page_language" SET DEFAULT true;--> statement-breakpoint
-- Widgets made before follow the visitor too: the option was off unless ticked, so an owner who never
-- touched it cannot be told from one who chose a fixed language, and the product promises every visitor
-- their own language. An owner who wants one language ticks "Always use the default language" again.
UPDATE "widgets" SET "follow_page_language" = true WHERE NOT "follow_page_language";
