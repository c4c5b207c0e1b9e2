ALTER TABLE "products" ADD COLUMN "price_valid_until" date;--> statement-breakpoint
-- A product's updated_at is when its content last changed (the sitemaps' lastmod), whoever changes it:
-- the seed at start (which rewrites every product of the data file), an operator's SQL. An update that
-- changes nothing keeps the time.
CREATE OR REPLACE FUNCTION products_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at') THEN
    NEW.updated_at := now();
  ELSE
    NEW.updated_at := OLD.updated_at;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_touched BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touch();
