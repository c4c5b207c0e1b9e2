// A user's settings as PUT /api/settings takes them: the defaults, for tests that change one or two.
export const DEFAULT_SETTINGS = {
  locale: 'en',
  theme: 'system',
  notifyTicketReplies: true,
  notifyOrderUpdates: true,
  alertSound: true,
  emailAlerts: 'now',
  alertScope: 'mineAndUnassigned',
} as const;
