// Creates an empty PGlite database in the folder given (what the server would do on its first start).
// Run by scripts/start.mjs in a process of its own: PostgreSQL's initdb inside the server process
// would leave it holding about 480 MB more memory for its whole life (measured).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/pglite-init.mjs <folder>');
mkdirSync(dirname(dir), { recursive: true });
const db = await PGlite.create(dir);
await db.close();
