'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { cn } from '@/lib/cn';
import { readApiError } from '@/lib/client/api-error';
import { fill, type Messages } from '@/lib/i18n/slices';

type Props = {
  productId: string;
  /** The product's name, in the form's label. */
  name: string;
  labels: Pick<Messages['Home']['plans'], 'buy' | 'buyLabel' | 'quantity' | 'buying' | 'buyError'>;
  primary: boolean;
  /** Whether several can be bought at once (the setup service); a plan is bought once. */
  quantities: boolean;
};

/**
 * Quantity (where quantities add up) and "Buy": opens a checkout (POST /api/checkout) and goes there.
 * Plain fetch, so the landing page's bundle stays small. One key per purchase intent: a double click or
 * a retry after a lost answer sends the same key and gets the same checkout; another quantity is
 * another intent.
 */
export function BuyButton({ productId, name, labels, primary, quantities }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [intent, setIntent] = useState(() => crypto.randomUUID());

  useEffect(() => {
    // Back from the checkout (the page restored from the back-forward cache): a new visit, a new intent.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      setIntent(crypto.randomUUID());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const quantity = quantities ? Number(new FormData(event.currentTarget).get('quantity')) : 1;
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': intent },
        body: JSON.stringify({ productId, quantity }),
      });
      const body = (await response.json().catch(() => null)) as { url?: string } | null;
      if (response.ok && body?.url) {
        window.location.assign(body.url);
        return;
      }
      setError(readApiError(body).message ?? labels.buyError);
    } catch {
      setError(labels.buyError);
    }
    setBusy(false);
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 space-y-3"
      aria-label={fill(labels.buyLabel, { name })}
    >
      {quantities && (
        <div className="flex items-center gap-3">
          <label htmlFor={`quantity-${productId}`} className="text-sm font-medium text-slate-900">
            {labels.quantity}
          </label>
          <select
            id={`quantity-${productId}`}
            name="quantity"
            defaultValue="1"
            onChange={() => setIntent(crypto.randomUUID())}
            className="rounded-md border border-slate-400 bg-white px-2 py-1 text-slate-900 focus:outline-2 focus:outline-brand-700"
          >
            {Array.from({ length: 10 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
      )}
      <button
        type="submit"
        disabled={busy}
        className={cn(
          'inline-flex w-full items-center justify-center rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60',
          primary
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        )}
      >
        {busy ? labels.buying : labels.buy}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
