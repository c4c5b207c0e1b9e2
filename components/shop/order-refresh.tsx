'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

/** While an order waits for the payment provider, reloads the page's data every 2 s (for up to 5 minutes). */
export function OrderRefresh({ pending }: { pending: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!pending) return;
    let rounds = 0;
    const timer = setInterval(() => {
      if (++rounds > 150) clearInterval(timer);
      else router.refresh();
    }, 2_000);
    return () => clearInterval(timer);
  }, [pending, router]);
  return null;
}
