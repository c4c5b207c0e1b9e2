-- Bidirectional controls (U+202A–U+202E, U+2066–U+2069) out of the text stored before the input schemas
-- stripped them (lib/api/schemas.ts): they disguised a link's ending in the inbox and in transcripts.
-- A name left empty becomes no name.
UPDATE "conversation_messages" SET "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "body" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "conversation_messages" SET "author_name" = nullif(btrim(regexp_replace("author_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), '') WHERE "author_name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "conversations" SET "last_message_preview" = regexp_replace("last_message_preview", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "last_message_preview" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "conversations" SET "page_title" = nullif(btrim(regexp_replace("page_title", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), '') WHERE "page_title" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "conversations" SET "page_url" = nullif(btrim(regexp_replace("page_url", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), '') WHERE "page_url" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "visitors" SET "name" = nullif(btrim(regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), '') WHERE "name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "chat_messages" SET "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "body" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "chat_messages" SET "author_name" = regexp_replace("author_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "author_name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "chat_mutes" SET "author_name" = regexp_replace("author_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "author_name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "widgets" SET "name" = regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "widgets" SET "greeting" = regexp_replace("greeting", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "greeting" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "widgets" SET "away_message" = regexp_replace("away_message", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "away_message" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "tickets" SET "subject" = regexp_replace("subject", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "subject" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "ticket_messages" SET "body" = regexp_replace("body", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "body" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "ticket_messages" SET "author_name" = nullif(btrim(regexp_replace("author_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')), '') WHERE "author_name" ~ '[\u202A-\u202E\u2066-\u2069]';
--> statement-breakpoint
UPDATE "feedback" SET "message" = regexp_replace("message", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "message" ~ '[\u202A-\u202E\u2066-\u2069]';
