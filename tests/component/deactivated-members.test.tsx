// The Members page's deactivated members: whom the plan's seats put aside says so (they come back by
// themselves), whom someone deactivated does not; each can be activated again within the seats.
import { render, screen } from '@testing-library/react';
import { DeactivatedMembers } from '@/components/members/deactivated-members';
import de from '@/messages/de.json';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const labels = de.Dashboard.members.deactivation;

it('says which members the plan’s seats put aside', () => {
  render(
    <DeactivatedMembers
      api="/api/workspaces/w1"
      members={[
        { uid: 'a', name: 'Ada', email: 'ada@example.com', role: 'agent', reason: 'seats' },
        { uid: 'b', name: 'Bob', email: 'bob@example.com', role: 'admin', reason: 'chosen' },
      ]}
      roles={de.Dashboard.members.roles}
      labels={labels}
    />,
  );
  const [ada, bob] = screen.getAllByRole('listitem');
  expect(ada).toHaveTextContent(labels.bySeats);
  expect(bob).not.toHaveTextContent(labels.bySeats);
  expect(screen.getByRole('button', { name: 'Bob aktivieren' })).toBeEnabled();
});
