'use client';

import { useEffect } from 'react';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Back from the checkout without paying (`?order=` names the order): its checkout is closed, so that it
 * can no longer be paid, and the order shows as cancelled (POST /api/checkout/cancel). Should the
 * payment have come first, the order's receipt is shown instead.
 */
export function CancelCheckout({ successPath }: { successPath: string }) {
  useEffect(() => {
    const order = new URLSearchParams(window.location.search).get('order');
    if (!order || !ORDER_ID.test(order)) return;
    void fetch('/api/checkout/cancel', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: order }),
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ status?: string }>) : null))
      .then((body) => body?.status === 'paid' && window.location.replace(`${successPath}?order=${order}`))
      .catch(() => {});
  }, [successPath]);
  return null;
}
