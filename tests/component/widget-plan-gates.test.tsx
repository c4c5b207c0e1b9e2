// The widget form's settings that a plan unlocks (issue 38): on a plan without them, the form says which plan
// has them with the way to the billing page, and they cannot be switched on; one a widget kept from a larger
// plan can still be switched off.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WidgetForm } from '@/components/widgets/widget-form';
import { newWidgetValues, type WidgetFormValues } from '@/components/widgets/widget-form-values';
import de from '@/messages/de.json';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));

const labels = de.Dashboard.widgets.form;
const values: WidgetFormValues = { ...newWidgetValues('de'), id: 'w1', name: 'Shop' };

function form(overrides: Partial<WidgetFormValues>, locked: Record<string, string>) {
  const onChange = jest.fn();
  render(
    <WidgetForm
      labels={labels}
      languages={[{ value: 'de', label: 'Deutsch' }]}
      locale="de"
      values={{ ...values, ...overrides }}
      onChange={onChange}
      path="/de/dashboard/widgets"
      titleId="edit"
      visitorsPerHourDefault={20}
      workspaceId="ws"
      plans={{ locked, billingHref: '/de/dashboard/billing' }}
    />,
  );
  return onChange;
}

it('names the plan that unlocks business hours and auto-assignment, and keeps them off', async () => {
  const onChange = form({}, { businessHours: 'Starter', autoAssign: 'Professional' });
  const hours = screen.getByRole('checkbox', { name: labels.hoursEnabled });
  const assign = screen.getByRole('checkbox', { name: labels.autoAssign });
  expect(hours).toBeDisabled();
  expect(assign).toBeDisabled();
  expect(hours).toHaveAccessibleDescription('Im Paket Starter enthalten. Paket ändern');
  expect(assign).toHaveAccessibleDescription(expect.stringContaining('Im Paket Professional enthalten.'));
  const links = screen.getAllByRole('link', { name: labels.planLink });
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/de/dashboard/billing', '/de/dashboard/billing']);
  await userEvent.click(assign);
  expect(onChange).not.toHaveBeenCalled();
});

it('lets a widget that kept auto-assignment switch it off, and leaves a plan that has them alone', async () => {
  const onChange = form({ autoAssign: true }, { autoAssign: 'Professional' });
  const assign = screen.getByRole('checkbox', { name: labels.autoAssign });
  expect(assign).toBeEnabled();
  await userEvent.click(assign);
  expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ autoAssign: false }));
  expect(screen.getByRole('checkbox', { name: labels.hoursEnabled })).toBeEnabled();
  expect(screen.queryByRole('link', { name: labels.planLink })).toBeNull();
});
