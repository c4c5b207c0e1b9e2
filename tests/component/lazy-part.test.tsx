// The widget's parts loaded on demand (components/widget/lazy-part.ts): fetched on first render only, shown once
// there, fetched once for every use, and tried again after a failed fetch.
import { act, render, screen } from '@testing-library/react';
import { lazyPart } from '@/components/widget/lazy-part';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

it('fetches the part on its first render, once for all its uses, and shows it with its props', async () => {
  const load = jest.fn(async () => Hello);
  const Part = lazyPart(load);
  expect(load).not.toHaveBeenCalled();
  render(
    <>
      <Part name="Ada" />
      <Part name="Grace" />
    </>,
  );
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  expect(screen.getByText('Hello Grace')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows nothing while the fetch fails, and fetches again when it renders next', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
  const Part = lazyPart<{ name: string }>(load);
  const { rerender, container } = render(<Part name="Ada" />);
  await act(async () => {});
  expect(container).toBeEmptyDOMElement();
  rerender(<Part name="Linus" />);
  expect(await screen.findByText('Hello Linus')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
