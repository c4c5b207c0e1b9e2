// Ownership is checked on every record: another signed-in user can neither see nor change a user's
// tickets, widgets or orders (404, as if they did not exist), and nothing of them changes.
import { NextRequest } from 'next/server';
import { GET as listTickets, POST as createTicket } from '@/app/api/tickets/route';
import { GET as showTicket, PATCH as setTicketStatus } from '@/app/api/tickets/[id]/route';
import { POST as replyToTicket } from '@/app/api/tickets/[id]/messages/route';
import { GET as listWidgets, POST as createWidget } from '@/app/api/widgets/route';
import { DELETE as deleteWidget, GET as showWidget, PATCH as updateWidget } from '@/app/api/widgets/[id]/route';
import { POST as checkout } from '@/app/api/checkout/route';
import { orderOfViewer, ordersOf } from '@/lib/shop/orders';
import { apiRequest, signedIn } from '../integration/signed-in';

jest.setTimeout(30_000);

type Client = Awaited<ReturnType<typeof signedIn>>;
const context = (id: string) => ({ params: Promise.resolve({ id }) });

let owner: Client;
let other: Client;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedIn('owner'), signedIn('other')]);
});

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect((await response.json()).error.code).toBe('notFound');
}

it('tickets: another user gets 404 on reading, replying and closing, and does not list it', async () => {
  const created = await createTicket(
    apiRequest('POST', '/api/tickets', owner, {
      subject: 'My private ticket',
      category: 'billing',
      message: 'Only I may read this.',
    }),
  );
  const { ticket } = await created.json();
  await expectNotFound(await showTicket(apiRequest('GET', `/api/tickets/${ticket.id}`, other), context(ticket.id)));
  await expectNotFound(
    await replyToTicket(
      apiRequest('POST', `/api/tickets/${ticket.id}/messages`, other, { message: 'Injected reply' }),
      context(ticket.id),
    ),
  );
  await expectNotFound(
    await setTicketStatus(
      apiRequest('PATCH', `/api/tickets/${ticket.id}`, other, { status: 'closed' }),
      context(ticket.id),
    ),
  );
  const listed = await (await listTickets(apiRequest('GET', '/api/tickets', other))).json();
  expect(JSON.stringify(listed)).not.toContain(ticket.id);
  // Unchanged for its owner: still open, one message.
  const mine = await (
    await showTicket(apiRequest('GET', `/api/tickets/${ticket.id}`, owner), context(ticket.id))
  ).json();
  expect(mine.ticket.status).toBe('open');
  expect(JSON.stringify(mine)).not.toContain('Injected reply');
});

it('widgets: another user gets 404 on reading, changing and deleting, and does not list it', async () => {
  const created = await createWidget(
    apiRequest('POST', '/api/widgets', owner, {
      name: 'Mine',
      allowedOrigins: ['https://mine.example'],
      accentColor: '#0F766E',
      greeting: 'Hi',
      locale: 'en',
    }),
  );
  const { widget } = await created.json();
  await expectNotFound(await showWidget(apiRequest('GET', `/api/widgets/${widget.id}`, other), context(widget.id)));
  await expectNotFound(
    await updateWidget(
      apiRequest('PATCH', `/api/widgets/${widget.id}`, other, { allowedOrigins: ['https://evil.example'] }),
      context(widget.id),
    ),
  );
  await expectNotFound(
    await deleteWidget(apiRequest('DELETE', `/api/widgets/${widget.id}`, other), context(widget.id)),
  );
  expect(JSON.stringify(await (await listWidgets(apiRequest('GET', '/api/widgets', other))).json())).not.toContain(
    widget.id,
  );
  const mine = await (
    await showWidget(apiRequest('GET', `/api/widgets/${widget.id}`, owner), context(widget.id))
  ).json();
  expect(mine.widget.allowedOrigins).toEqual(['https://mine.example']);
});

it('orders: a signed-in buyer’s order shows to that buyer only; a guest’s by its reference', async () => {
  const buy = async (client: Client | null) => {
    const response = await checkout(
      new NextRequest('http://localhost:3000/api/checkout', {
        method: 'POST',
        body: JSON.stringify({ productId: 'setup-service', quantity: 1 }),
        headers: {
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
          ...(client && { cookie: client.cookie }),
        },
      }),
    );
    expect(response.status).toBe(201);
    return (await response.json()).orderId as string;
  };
  const mine = await buy(owner);
  expect((await orderOfViewer(mine, owner.uid))?.id).toBe(mine);
  expect(await orderOfViewer(mine, other.uid)).toBeNull();
  expect(await orderOfViewer(mine, null)).toBeNull();
  expect((await ordersOf(other.uid)).map((order) => order.id)).not.toContain(mine);

  const guest = await buy(null);
  expect((await orderOfViewer(guest, null))?.id).toBe(guest);
  expect((await orderOfViewer(guest, other.uid))?.id).toBe(guest);
  expect(await orderOfViewer('not-a-uuid', owner.uid)).toBeNull();
});
