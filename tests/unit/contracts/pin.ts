import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The installed version of `dependency` (its package.json in node_modules). */
export function installedVersion(dependency: string): string {
  return JSON.parse(readFileSync(join(process.cwd(), 'node_modules', dependency, 'package.json'), 'utf8')).version;
}

/**
 * Fails when `dependency` is no longer the version its private uses were checked in, saying which files to
 * revisit and where to re-pin: a patch release may change a private member without notice.
 */
export function expectPinned(dependency: string, verified: string, revisit: string[], pinnedIn: string) {
  const installed = installedVersion(dependency);
  if (installed === verified) return;
  throw new Error(
    `${dependency} changed from ${verified} (verified) to ${installed}. Revisit its private uses in ` +
      `${revisit.join(', ')}: check each against ${installed} (the tests in ${pinnedIn} say what each relies ` +
      `on), then set the verified version in ${pinnedIn} to ${installed}.`,
  );
}
