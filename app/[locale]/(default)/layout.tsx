import type { ReactNode } from 'react';

/** The default layout: one centred column. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      {children}
    </main>
  );
}
