import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';
import { renderedForRequest } from '@/server/private/next';

/** The request header that makes a render fail while TEST_FAULTS is on: its value names where. */
export const TEST_FAULT_HEADER = 'x-test-fault';
export type FaultPoint = 'page' | 'layout';

/**
 * Tests only (TEST_FAULTS, refused with a real project): a render fails where the request's
 * `x-test-fault` header says, as a bug or an outage would make it fail, so the error pages can be
 * checked. Only renders made for a request look: asking a prerender for the request's headers would
 * make the landing and product pages dynamic.
 */
export async function injectTestFault(point: FaultPoint): Promise<void> {
  if (!env.testFaults || !renderedForRequest()) return;
  if ((await headers()).get(TEST_FAULT_HEADER) === point) throw new Error(`Test fault: the ${point} failed to render`);
}
