// GET /api/checkout/return?session_id=…: where the checkout sends the buyer back. The session is read
// from the payment provider; the order is marked paid only if the provider says so (the address alone
// proves nothing), then the buyer goes to the order's success page. An unknown or forged id changes
// nothing and answers an error page.
import type { NextRequest } from 'next/server';
import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import { requestLocale } from '@/lib/i18n/negotiate';
import { localizedPath } from '@/lib/i18n/paths';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { messagePage } from '@/lib/errors/message-page';
import { paymentProvider } from '@/lib/shop/payment-provider';
import { SESSION_ID } from '@/lib/payments/provider';
import { confirmCheckout } from '@/lib/shop/orders';
import { sendReceipt } from '@/lib/shop/receipt';

export const dynamic = 'force-dynamic';

async function errorPage(request: NextRequest, status: number, key: 'invalid' | 'unavailable') {
  const locale = requestLocale(request.headers);
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Shop.return' });
  return messagePage(locale, {
    status,
    title: t(`${key}.title`),
    message: t(`${key}.message`),
    link: { href: localizedPath('/', locale), label: t('back') },
  });
}

export async function GET(request: NextRequest) {
  const id = request.nextUrl.searchParams.get('session_id') ?? '';
  if (!SESSION_ID.test(id)) return errorPage(request, 400, 'invalid');
  try {
    const session = await paymentProvider().retrieveCheckout(id);
    const order = session && (await confirmCheckout(session));
    if (!order) return errorPage(request, 404, 'invalid');
    await sendReceipt(order.id);
    // A relative Location: the browser stays on the host it addressed (Next's request.nextUrl names
    // `localhost` for 127.0.0.1), so the success page gets the buyer's session cookie.
    const target = `${localizedPath('/shop/success', order.locale)}?order=${order.id}`;
    return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.error(error);
    return errorPage(request, 503, 'unavailable');
  }
}
