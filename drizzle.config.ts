import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration for each change of lib/db/schema.ts; the app applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './drizzle',
});
