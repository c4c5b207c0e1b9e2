// The members page shows each member's state (issue 36, point 3), translated, and live: the dashboard's one
// event stream (here a stand-in for openEventStream) brings the workspace's `teammates` frames.
import { act, render, screen } from '@testing-library/react';
import type { StreamEvent } from '@/lib/client/event-stream';
import { DashboardStream } from '@/components/dashboard/dashboard-stream';
import { MemberPresence, MembersPresence } from '@/components/members/member-presence';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

let mockEmit: (event: StreamEvent) => void = () => {};
jest.mock('@/lib/client/event-stream', () => ({
  openEventStream: (_url: string, options: { onEvent: (event: StreamEvent) => void }) => {
    mockEmit = options.onEvent;
    return () => {};
  },
}));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));

describe.each([
  ['en', en],
  ['de', de],
] as const)('the members’ states (%s)', (_locale, messages) => {
  const states = messages.Dashboard.members.states;

  it('shows each member’s state from the page, then as the stream says', () => {
    render(
      <DashboardStream
        events="/api/workspaces/w1/inbox/events"
        cursor={0}
        inboxPath="/dashboard/inbox"
        sound={false}
        operator={{ uid: 'ada', scope: 'mineAndUnassigned' }}
        labels={messages.Dashboard.alerts}
      >
        <MembersPresence initial={{ ada: 'available' }}>
          <ul>
            {['ada', 'bob'].map((uid) => (
              <li key={uid} data-testid={uid}>
                <MemberPresence uid={uid} labels={states} />
              </li>
            ))}
          </ul>
        </MembersPresence>
      </DashboardStream>,
    );
    expect(screen.getByTestId('ada')).toHaveTextContent(states.available);
    expect(screen.getByTestId('bob')).toHaveTextContent(states.offline);

    const teammates = [
      { uid: 'ada', name: 'Ada', presence: 'away' },
      { uid: 'bob', name: 'Bob', presence: 'available' },
    ];
    act(() => mockEmit({ id: null, event: 'teammates', data: JSON.stringify(teammates) }));
    expect(screen.getByTestId('ada')).toHaveTextContent(states.away);
    expect(screen.getByTestId('bob')).toHaveTextContent(states.available);
  });
});
