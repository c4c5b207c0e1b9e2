import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { env } from '@/lib/env';

let cached: string | undefined;

/**
 * SESSION_SECRET, or in local mode a random secret kept in .data/session-secret (created on first use,
 * readable by its owner only), so that sessions survive a restart of `npm start`.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  if (env.sessionSecret) return (cached = env.sessionSecret);
  const dir = join(process.cwd(), '.data');
  const file = join(dir, 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return (cached = stored);
  } catch {
    // Not created yet.
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return (cached = secret);
  } catch {
    // Another process created it first: use that one.
    return (cached = readFileSync(file, 'utf8').trim());
  }
}

/**
 * The secrets a sealed value may open with: SESSION_SECRET, then SESSION_SECRET_PREVIOUS while it is
 * set, so that rotating the secret ends no session (what is sealed anew uses the first).
 */
export function sessionSecrets(): readonly string[] {
  return env.sessionSecretPrevious ? [sessionSecret(), env.sessionSecretPrevious] : [sessionSecret()];
}
