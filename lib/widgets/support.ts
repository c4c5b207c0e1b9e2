import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { SUPPORT_WORKSPACE, widgets, workspaces } from '@/lib/db/schema';
import { env } from '@/lib/env';

/**
 * Plauder's own widget on the storefront, a widget like any customer's in the support staff's workspace
 * (every account with the admin claim is its admin: they answer it from its inbox and edit it in
 * /dashboard/widgets). The workspace and the widget are created at start when missing (SUPPORT_WIDGET_ID,
 * default `plauder-support`; `off`: none) and then left as support staff set it. It follows the visitor's
 * language; its pages are this site's own, which may always frame the widget.
 */
export async function seedSupportWidget(): Promise<void> {
  const id = env.supportWidgetId;
  if (!id) return;
  const db = await database();
  await db
    .insert(workspaces)
    .values({ name: 'Plauder support', systemKey: SUPPORT_WORKSPACE })
    .onConflictDoNothing({ target: workspaces.systemKey });
  const [support] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.systemKey, SUPPORT_WORKSPACE));
  await db
    .insert(widgets)
    .values({
      id,
      workspaceId: support.id,
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
