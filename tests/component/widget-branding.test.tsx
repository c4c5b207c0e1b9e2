// The "Chat by Plauder" line at the foot of the visitor's panel: shown on plans without `removeBranding`
// (the frame hands its link, lib/widgets/service.ts publicWidget), absent when the plan removes it.
import { render, screen } from '@testing-library/react';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { WidgetApp } from '@/components/widget/widget-app';
import { widgetProps } from '../unit/widget-props';

beforeEach(() => {
  localStorage.clear();
  // A new visitor asks the server nothing before writing; anything asked would wait forever here.
  Object.assign(globalThis, { fetch: jest.fn(() => new Promise<Response>(() => {})) });
});

it('links Plauder’s site in the visitor’s language, in a new tab', async () => {
  render(<WidgetApp {...widgetProps({ branding: 'http://localhost:3000/de' }, { labels: de.Widget, locale: 'de' })} />);
  const link = await screen.findByRole('link', { name: 'Chat von Plauder' });
  expect(link).toHaveAttribute('href', 'http://localhost:3000/de');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

it('shows no line when the plan removes it', async () => {
  render(<WidgetApp {...widgetProps({ branding: null })} />);
  await screen.findByRole('region', { name: en.Widget.startTitle });
  expect(screen.queryByRole('link', { name: en.Widget.branding })).toBeNull();
});
