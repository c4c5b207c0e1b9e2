/** The dashboard's pages, in navigation order; `key` names their label in messages (Dashboard.nav). */
export const dashboardNav = [
  { href: '/dashboard', key: 'overview' },
  { href: '/dashboard/profile', key: 'profile' },
  { href: '/dashboard/settings', key: 'settings' },
  { href: '/dashboard/tickets', key: 'tickets' },
  { href: '/dashboard/feedback', key: 'feedback' },
  { href: '/dashboard/embed', key: 'embed' },
] as const;

/** The support desk, shown to support staff only. */
export const adminNavItem = { href: '/dashboard/admin', key: 'admin' } as const;
