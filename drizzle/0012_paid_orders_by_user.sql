DROP INDEX "orders_uid_idx";--> statement-breakpoint
CREATE INDEX "orders_uid_status_idx" ON "orders" USING btree ("uid","status");