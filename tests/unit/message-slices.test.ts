// Client components take their texts as typed slices of the catalogue (lib/i18n/slices.ts): this
// file is part of `npm run check` (tsc), where each assignment below fails if a component's labels were
// not what a page picks from the catalogue, and each @ts-expect-error fails if a misspelt key were accepted.
import type { LoginForm } from '@/components/auth/login-form';
import type { EmailActions } from '@/components/auth/email-actions';
import type { AppShellClient } from '@/components/app/app-shell-client';
import type { Toaster } from '@/components/ui/toaster';
import type { TicketForm } from '@/components/tickets/ticket-form';
import type { SettingsForm } from '@/components/dashboard/settings-form';
import type { WidgetApp } from '@/components/widget/widget-app';
import type { Inbox } from '@/components/inbox/inbox';
import type { WidgetEditor } from '@/components/widgets/widget-editor';
import type { BuyButton } from '@/components/shop/buy-button';
import { fill, plural, type Messages } from '@/lib/i18n/slices';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

type Labels<Component> = Component extends (props: infer Props) => unknown
  ? Props extends { labels: infer L }
    ? L
    : never
  : never;

/** What the pages hand the client components, from either catalogue. */
function slices(messages: Messages) {
  const login: Labels<typeof LoginForm> = messages.Auth;
  const verify: Labels<typeof EmailActions> = messages.Auth.verify;
  const shell: Labels<typeof AppShellClient> = messages.App;
  const toaster: Labels<typeof Toaster> = messages.App.toast;
  const ticket: Labels<typeof TicketForm> = messages.Dashboard.tickets;
  const settings: Labels<typeof SettingsForm> = messages.Dashboard.settings;
  const widget: Labels<typeof WidgetApp> = messages.Widget;
  const inbox: Labels<typeof Inbox> = messages.Dashboard.inbox;
  const editor: Labels<typeof WidgetEditor> = messages.Dashboard.widgets;
  const buy: Labels<typeof BuyButton> = messages.Home.plans;
  return { login, verify, shell, toaster, ticket, settings, widget, inbox, editor, buy };
}

/** Misspelt keys: kept out of the test's run, only the compiler reads them. */
export function misspelt(ticket: Labels<typeof TicketForm>, widget: Labels<typeof WidgetApp>) {
  return [
    // @ts-expect-error: "sbumit" is no key of the ticket form's slice (Dashboard.tickets.create)
    ticket.create.sbumit,
    // @ts-expect-error: the widget's unread count is a plural pair, which has no "many"
    widget.unread.many,
  ];
}

describe('typed catalogue slices', () => {
  it('are the catalogue itself, in both languages, filled in the browser', () => {
    const german = slices(de);
    expect(german.ticket.create.submit).toBe(de.Dashboard.tickets.create.submit);
    expect(fill(german.verify.resendIn, { seconds: 30 })).toBe('Erneut senden in 30 s');
    expect(plural(slices(en).widget.openUnread, 2, 'en', { name: 'Acme' })).toBe(
      'Open the chat: Acme (2 new messages)',
    );
    expect(plural(german.inbox.unread, 1, 'de')).toBe('1 ungelesen');
  });
});
