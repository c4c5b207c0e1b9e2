// Client addresses of this test file's own. Limits live in the database, which the test files share on
// PostgreSQL (several at once, and from one run to the next): two files' guests must not share an address.
import { randomBytes } from 'node:crypto';

const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
let last = 0;

/** A new address (IPv6, documentation range) that no other test file or run uses. */
export const uniqueAddress = () => `${prefix}::${(++last).toString(16)}`;
