// The operator sees what the customer's page said of the visitor, typed as it was sent.
import { render, within } from '@testing-library/react';
import { VisitorAttributes } from '@/components/inbox/visitor-attributes';

const labels = { attributes: 'Von der Website', yes: 'ja', no: 'nein' };

it('lists each attribute under its key, numbers and yes/no in the operator’s language', () => {
  const { container } = render(
    <VisitorAttributes
      attributes={{ plan: 'Pro', seats: 1200.5, trial: false, paying: true }}
      locale="de"
      labels={labels}
    />,
  );
  const list = container.querySelector('dl')!;
  expect(list).toHaveAccessibleName('Von der Website');
  const terms = within(list)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(list)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  expect(terms).toEqual(['plan', 'seats', 'trial', 'paying']);
  expect(values).toEqual(['Pro', '1.200,5', 'nein', 'ja']);
});

it('shows nothing when the page said nothing', () => {
  const { container } = render(<VisitorAttributes attributes={{}} locale="en" labels={labels} />);
  expect(container).toBeEmptyDOMElement();
});
