import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration for each change of the schema (lib/db/schema/, every table
// exported once by its index); the app applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './drizzle',
});
