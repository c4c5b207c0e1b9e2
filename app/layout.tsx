import type { ReactNode } from 'react';

// The <html> element lives in app/[locale]/layout.tsx so that its `lang` follows the route. This
// root layout exists because app/not-found.tsx (paths outside every locale) needs one.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
