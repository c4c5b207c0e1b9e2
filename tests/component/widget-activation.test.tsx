// The widgets list's Deactivate/Activate control: it asks the server (PATCH { active }) and refreshes the list,
// or says why the server refused (a plan without room for one more active widget).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WidgetActivation } from '@/components/widgets/widget-actions';
import de from '@/messages/de.json';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn() } }));

const labels = de.Dashboard.widgets.activation;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

it('deactivates the widget and refreshes the list', async () => {
  const fetchMock = jest.fn(async () => json(200, { widget: { id: 'w1', active: false } }));
  Object.assign(globalThis, { fetch: fetchMock });
  render(<WidgetActivation id="w1" name="Shop" active labels={labels} />);
  await userEvent.click(screen.getByRole('button', { name: `${labels.deactivate}: Shop` }));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect([String(url), init.method, JSON.parse(String(init.body))]).toEqual([
    '/api/widgets/w1',
    'PATCH',
    { active: false },
  ]);
  expect(refresh).toHaveBeenCalled();
});

it('says why the server refused to activate it', async () => {
  const message =
    'Ihr Paket enthält das nicht. Das Paket Starter enthält es: Wechseln Sie das Paket auf der Abrechnungsseite.';
  Object.assign(globalThis, {
    fetch: jest.fn(async () => json(402, { error: { code: 'planLimit', message, plan: 'starter' } })),
  });
  refresh.mockClear();
  render(<WidgetActivation id="w2" name="Blog" active={false} labels={labels} />);
  await userEvent.click(screen.getByRole('button', { name: `${labels.activate}: Blog` }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(refresh).not.toHaveBeenCalled();
});
