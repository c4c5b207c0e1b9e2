/** The dashboard's pages, in navigation order; `key` names their label in messages (Dashboard.nav). */
export const dashboardNav = [
  { href: '/dashboard', key: 'overview' },
  { href: '/dashboard/profile', key: 'profile' },
  { href: '/dashboard/settings', key: 'settings' },
  { href: '/dashboard/tickets', key: 'tickets' },
  { href: '/dashboard/feedback', key: 'feedback' },
  { href: '/dashboard/widgets', key: 'widgets' },
  { href: '/dashboard/inbox', key: 'inbox' },
  { href: '/dashboard/reports', key: 'reports' },
  { href: '/dashboard/members', key: 'members' },
  { href: '/dashboard/billing', key: 'billing' },
  { href: '/dashboard/orders', key: 'orders' },
] as const;

/** The support desk, shown to support staff only. */
export const adminNavItem = { href: '/dashboard/admin', key: 'admin' } as const;

export type DashboardNavKey = (typeof dashboardNav)[number]['key'] | typeof adminNavItem.key;

/** The window event by which the inbox tells the navigation its unread count while it is open. */
export const UNREAD_EVENT = 'plauder:unread';
