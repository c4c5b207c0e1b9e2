import 'server-only';
import { env } from '@/lib/env';

/**
 * Only server/server.mjs drops the X-Forwarded-* headers a client forged (it marks the process with
 * PLAUDER_SERVER); under any other launcher (next start) a reverse proxy in front must set them, or every
 * client could choose its own address. Refuses to start otherwise, saying why.
 */
export function assertTrustedForwarding(): void {
  if (process.env.PLAUDER_SERVER || env.trustProxy > 0) return;
  console.error(
    'Refusing to start: run `npm start` (server/server.mjs), or set TRUST_PROXY to the number of reverse proxies in front that set X-Forwarded-For.',
  );
  process.exit(1);
}
