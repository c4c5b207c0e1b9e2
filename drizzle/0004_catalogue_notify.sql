-- Every change of the catalogue, whoever makes it (the seed at start, an operator's SQL, another app
-- instance), is announced on the channel `catalogue`: each app instance then revalidates its
-- prerendered shop pages and sitemaps (lib/shop/catalogue-watch.ts).
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', TG_OP);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
