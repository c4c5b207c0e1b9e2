import { closeDatabase } from '@/lib/db';
// The tests read the catalogue straight from the database, as the shop does: seeded on opening.
import '@/lib/shop/seed';

// The first test of a file opens and migrates its database, and talks to the Auth emulator.
jest.setTimeout(30_000);

// Each test file opens the database on first use; close it so that the worker can end.
afterAll(() => closeDatabase());
