import type { Viewport } from 'next';
import type { ReactNode } from 'react';

// The <html> element lives in components/layout/site-document.tsx so that its `lang` follows the route.
// This root layout exists because app/not-found.tsx (addresses no route serves) needs one.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}

export const viewport: Viewport = { themeColor: '#4338ca', width: 'device-width', initialScale: 1 };
