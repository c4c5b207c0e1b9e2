// The open widget's header shows who answers here (issue 37, point 4): up to three faces, photo else initials,
// named together in the visitor's language; a team without faces shows none.
import { render, screen, within } from '@testing-library/react';
import { WidgetHeader } from '@/components/widget/widget-header';
import type { WidgetConfig } from '@/components/widget/widget-config';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const widget = (team: WidgetConfig['team']): WidgetConfig => ({
  id: 'w1',
  name: 'Shop help',
  greeting: '',
  accent: { background: '#0f766e', text: '#ffffff' },
  launcherPosition: 'right',
  preChat: 'off',
  awayMessage: '',
  preChatNote: '',
  privacyPolicyUrl: null,
  theme: 'auto',
  team,
  branding: null,
  askRating: true,
  businessHours: null,
  allowedOrigins: [],
});

const team = [
  { name: 'Anna Adler', photo: '/api/operator-photos/w1/a?v=1' },
  { name: 'Ben Braun', photo: null },
  { name: 'Chris Çelik', photo: null },
];

describe('the team in the widget’s header', () => {
  it('shows their photos, else initials, named together in English', () => {
    render(<WidgetHeader widget={widget(team)} available locale="en" labels={en.Widget} />);
    const faces = screen.getByRole('img', { name: 'Anna Adler, Ben Braun, and Chris Çelik answer here' });
    const avatars = within(faces).getAllByTestId('operator-avatar');
    expect(avatars).toHaveLength(3);
    expect(avatars[0]).toHaveAttribute('src', '/api/operator-photos/w1/a?v=1');
    expect(avatars[1]).toHaveTextContent('BB');
    expect(avatars[2]).toHaveTextContent('CÇ');
  });

  it('speaks German in the Sie form, one or several', () => {
    const { rerender } = render(<WidgetHeader widget={widget(team)} available locale="de" labels={de.Widget} />);
    expect(
      screen.getByRole('img', { name: 'Anna Adler, Ben Braun und Chris Çelik antworten Ihnen hier' }),
    ).toBeInTheDocument();
    rerender(<WidgetHeader widget={widget(team.slice(1, 2))} available locale="de" labels={de.Widget} />);
    expect(screen.getByRole('img', { name: 'Ben Braun antwortet Ihnen hier' })).toBeInTheDocument();
  });

  it('shows no faces without a team', () => {
    render(<WidgetHeader widget={widget([])} available={false} locale="en" labels={en.Widget} />);
    expect(screen.getByRole('heading', { name: 'Shop help' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('operator-avatar')).toBeNull();
  });
});
