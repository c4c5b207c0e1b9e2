/** @jest-environment node */
// A server component, rendered as the server renders it (React's static renderer), in both languages.
import { prerenderToNodeStream } from 'react-dom/static';
import { SupportDesk } from '@/components/dashboard/support-desk';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const catalogues = { en, de };
let mockLocale: 'en' | 'de' = 'en';
jest.mock('next-intl/server', () => {
  const { createFormatter, createTranslator } = jest.requireActual('next-intl');
  const messages = () =>
    ({ en: jest.requireActual('@/messages/en.json'), de: jest.requireActual('@/messages/de.json') })[mockLocale];
  return {
    getLocale: async () => mockLocale,
    getTranslations: async (namespace: string) =>
      createTranslator({ locale: mockLocale, messages: messages(), namespace }),
    getFormatter: async () => createFormatter({ locale: mockLocale }),
  };
});

async function html(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let text = '';
  for await (const chunk of prelude) text += chunk;
  return text;
}

const nothing = {
  tickets: { items: [], total: 0, page: 1, pages: 1 },
  feedback: { items: [], total: 0, averageRating: null },
};

describe.each(['en', 'de'] as const)('the support desk with nothing in it (%s)', (locale) => {
  const m = catalogues[locale];
  beforeEach(() => (mockLocale = locale));

  it('says once per part that there is nothing, in the staff’s words', async () => {
    const page = await html(<SupportDesk {...nothing} />);
    const count = (text: string) => page.split(text).length - 1;
    expect(count(m.Dashboard.admin.noTickets)).toBe(1);
    expect(count(m.Dashboard.admin.noFeedback)).toBe(1);
    // Neither the customer's own empty lists nor an average of nothing.
    expect(page).not.toContain(m.Dashboard.tickets.list.empty);
    expect(page).not.toContain(m.Dashboard.feedback.history.empty);
    expect(page).not.toContain('data-testid="average-rating"');
  });

  it('says only the filter’s sentence for a status without tickets', async () => {
    const page = await html(<SupportDesk {...nothing} status="closed" />);
    expect(page).toContain(m.Dashboard.tickets.list.emptyFiltered);
    expect(page).not.toContain(m.Dashboard.admin.noTickets);
  });

  it('shows the average and the entries once there is feedback', async () => {
    const page = await html(
      <SupportDesk
        {...nothing}
        feedback={{
          items: [
            {
              id: 'f1',
              uid: 'customer',
              email: 'ada@example.com',
              rating: 4,
              category: 'product',
              message: 'Works well',
              page: null,
              createdAt: new Date('2026-11-20T10:00:00Z'),
            },
          ],
          total: 1,
          averageRating: 4,
        }}
      />,
    );
    expect(page).toContain('data-testid="average-rating"');
    expect(page).toContain('Works well');
    expect(page).not.toContain(m.Dashboard.admin.noFeedback);
  });
});
