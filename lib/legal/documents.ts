/**
 * The legal pages: their address (the same in every language), when their text last changed (the
 * sitemap's lastmod and the date they state; the imprint only names the seller, whose details come
 * from the configuration) and their sections in order (messages `Legal.<document>.sections.<id>`).
 */
export const LEGAL_DOCUMENTS = {
  imprint: { path: '/imprint', updated: null, sections: ['responsible', 'dispute'] },
  privacy: {
    path: '/privacy',
    updated: '2026-11-24',
    sections: ['controller', 'hosting', 'storage', 'account', 'chat', 'payments', 'recipients', 'rights'],
  },
  terms: {
    path: '/terms',
    updated: '2026-11-27',
    sections: [
      'scope',
      'contract',
      'prices',
      'subscription',
      'changes',
      'overdue',
      'invoices',
      'service',
      'withdrawal',
      'liability',
      'law',
    ],
  },
} as const satisfies Record<string, { path: string; updated: string | null; sections: readonly string[] }>;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The anchor of the right of withdrawal in the terms of sale (the checkout and the return policy link it). */
export const WITHDRAWAL_ANCHOR = 'withdrawal';
