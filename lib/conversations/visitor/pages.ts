import 'server-only';
import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { z } from 'zod';
import { database } from '@/lib/db';
import { conversations, VISITOR_PAGES_MAX, visitorPages, visitors } from '@/lib/db/schema';
import { takeAllowance } from '@/lib/limits/allowances';
import type { visitorPageSchema } from '../schema';
import { signal } from '../signal';

/** Page reports one visitor may send per window: the loader sends at most one a second while they navigate. */
export const PAGE_REPORTS_PER_WINDOW = 120;
const PAGE_REPORT_WINDOW_MS = 10 * 60 * 1000;

/**
 * A User-Agent's browser and operating system as the inbox shows them ("Chrome 120", "Windows 10"), parsed by
 * ua-parser-js (maintained against new browsers, unlike a pattern of ours); null for what it cannot name.
 */
export function parseUserAgent(header: string | null): { browser: string | null; os: string | null } {
  if (!header) return { browser: null, os: null };
  const { browser, os } = UAParser(header.slice(0, 1024));
  const named = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(' ') : null);
  // ua-parser-js 1.0 (the MIT one) still says "Mac OS"; Apple and the operators know the system as macOS.
  const system = os.name === 'Mac OS' ? 'macOS' : os.name;
  return { browser: named(browser.name, browser.major), os: named(system, os.version) };
}

/** The referrer when it is another site's (a search, a link): the site's own pages say nothing new. */
function externalReferrer(referrer: string | undefined, url: string): string | null {
  return referrer && new URL(referrer).origin !== new URL(url).origin ? referrer : null;
}

/**
 * Records the host page a visitor is on, with what their widget knows besides (referrer, time zone, the browser
 * of `userAgent`), only once they have a conversation: before their first message nothing of them is stored, so
 * the answer is false then. One row per address (a repeated report moves it up), the newest VISITOR_PAGES_MAX
 * kept; the inboxes showing their open conversations reload the context.
 */
export async function reportVisitorPage(
  widget: { workspaceId: string },
  visitorId: string,
  input: z.infer<typeof visitorPageSchema>,
  userAgent: string | null,
): Promise<boolean> {
  const referrer = externalReferrer(input.referrer, input.url);
  // What the User-Agent does not name (none sent, an unknown client) leaves what is known.
  const { browser, os } = parseUserAgent(userAgent);
  const db = await database();
  return db.transaction(async (tx) => {
    const [known] = await tx
      .update(visitors)
      .set({
        ...(browser && { browser }),
        ...(os && { os }),
        pageAt: sql`now()`,
        ...(referrer && { referrer }),
        ...(input.timeZone && { timeZone: input.timeZone }),
      })
      .where(
        and(
          eq(visitors.id, visitorId),
          exists(
            tx
              .select({ one: sql`1` })
              .from(conversations)
              .where(eq(conversations.visitorId, visitors.id)),
          ),
        ),
      )
      .returning({ id: visitors.id });
    if (!known) return false;
    // Counted only for a visitor with a conversation: before that not even a counter holds their id.
    await takeAllowance(
      'visitor-pages',
      `visitor:${visitorId}`,
      PAGE_REPORTS_PER_WINDOW,
      PAGE_REPORT_WINDOW_MS,
      'rateLimited',
      tx,
    );
    await tx
      .insert(visitorPages)
      .values({ visitorId, url: input.url, title: input.title || null })
      .onConflictDoUpdate({
        target: [visitorPages.visitorId, visitorPages.url],
        set: { title: sql`coalesce(excluded.title, ${visitorPages.title})`, at: sql`now()` },
      });
    const older = tx
      .select({ id: visitorPages.id })
      .from(visitorPages)
      .where(eq(visitorPages.visitorId, visitorId))
      .orderBy(desc(visitorPages.at), desc(visitorPages.id))
      .offset(VISITOR_PAGES_MAX);
    await tx.delete(visitorPages).where(inArray(visitorPages.id, older));
    const open = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.visitorId, visitorId), eq(conversations.status, 'open')));
    for (const { id } of open) await signal(tx, { k: 'c', ws: widget.workspaceId, c: id });
    return true;
  });
}
