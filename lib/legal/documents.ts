/** The legal pages: their address (the same in every language) and when their text last changed. */
export const LEGAL_DOCUMENTS = {
  imprint: { path: '/imprint', updated: null },
  privacy: { path: '/privacy', updated: '2026-11-24' },
  terms: { path: '/terms', updated: '2026-11-24' },
} as const satisfies Record<string, { path: string; updated: string | null }>;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The anchor of the right of withdrawal in the terms of sale (the checkout and the return policy link it). */
export const WITHDRAWAL_ANCHOR = 'withdrawal';
