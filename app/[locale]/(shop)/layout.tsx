import type { ReactNode } from 'react';

/** The shop layout: full-width marketing sections. */
export default function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex-1">
      {children}
    </main>
  );
}
