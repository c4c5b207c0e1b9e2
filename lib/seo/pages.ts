/** Pages that search engines may index, with the same path in every locale. */
export const indexablePages = [
  { path: '/', changefreq: 'weekly', priority: 1.0 },
  { path: '/chat', changefreq: 'daily', priority: 0.6 },
] as const;
