import { closeDatabase } from '@/lib/db';

// Each test file opens the database on first use; close it so that the worker can end.
afterAll(() => closeDatabase());
