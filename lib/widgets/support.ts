import 'server-only';
import { database } from '@/lib/db';
import { widgets } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { SUPPORT_OWNER } from './owner';

/**
 * Plauder's own widget on the storefront, a widget like any customer's, owned by the support staff's
 * account (SUPPORT_OWNER: every admin answers it from their inbox and edits it in /dashboard/embed). It
 * is created at start when missing (SUPPORT_WIDGET_ID, default `plauder-support`; `off`: none) and then
 * left as support staff set it. It follows the visitor's language; its pages are this site's own, which
 * may always frame the widget.
 */
export async function seedSupportWidget(): Promise<void> {
  const id = env.supportWidgetId;
  if (!id) return;
  const db = await database();
  await db
    .insert(widgets)
    .values({
      id,
      uid: SUPPORT_OWNER,
      name: 'Plauder',
      allowedOrigins: [],
      accentColor: '#4338ca',
      locale: 'en',
      followPageLanguage: true,
      businessHours: {
        timeZone: 'Europe/Berlin',
        days: {
          mon: { from: '09:00', to: '17:00' },
          tue: { from: '09:00', to: '17:00' },
          wed: { from: '09:00', to: '17:00' },
          thu: { from: '09:00', to: '17:00' },
          fri: { from: '09:00', to: '17:00' },
        },
      },
      requestKey: 'seed:support',
    })
    .onConflictDoNothing();
}
