import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/components/ui/toast';
import { TOAST_DEFAULTS, TOAST_POSITIONS, TOAST_TYPES } from '@/lib/toast/config';

// Toasts are raised asynchronously (sonner is loaded on demand) and sonner adds them to its list in a
// timeout: wait for both.
async function raise(show: () => Promise<unknown>) {
  await act(async () => void (await show()));
  act(() => void jest.advanceTimersByTime(0));
}

// Sonner removes a dismissed toast through a chain of timeouts and effects (exit animation).
function settle() {
  for (let i = 0; i < 5; i++) act(() => void jest.advanceTimersByTime(250));
}

function toasts() {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-toast-type]'));
}

describe('toasts', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // jsdom never has focus; a visitor reading the page does.
    jest.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(<Toaster labels={{ close: 'Close', region: 'Notifications' }} />);
  });
  afterEach(async () => {
    await act(async () => void (await toast.dismiss()));
    act(() => void jest.runOnlyPendingTimers());
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('has the specification’s defaults', async () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      position: 'top-right',
      durationMs: 5000,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      swipeToDismiss: true,
      closeButton: true,
      icon: true,
      dir: 'ltr',
      maxVisible: 20,
      newestOnTop: true,
    });
    expect(TOAST_TYPES).toEqual(['success', 'error', 'warning', 'info', 'default']);
    expect(TOAST_POSITIONS).toHaveLength(6);
  });

  it('shows a toast top-right, left-to-right, with icon and close button', async () => {
    await raise(() => toast.success('Saved'));
    const card = screen.getByText('Saved').closest<HTMLElement>('[data-toast-type]')!;
    expect(card).toHaveAttribute('data-toast-type', 'success');
    expect(card).toHaveAttribute('dir', 'ltr');
    expect(card.querySelector('[data-toast-icon]')).not.toBeNull();
    expect(within(card).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const list = card.closest('[data-sonner-toaster]')!;
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'right');
  });

  it('closes by itself after 5000 ms', async () => {
    await raise(() => toast.info('Hello'));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.queryByText('Hello')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    settle();
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('pauses while hovered', async () => {
    await raise(() => toast('Hover me'));
    const card = screen.getByText('Hover me').closest<HTMLElement>('[data-toast-type]')!;
    act(() => jest.advanceTimersByTime(3000));
    fireEvent.mouseEnter(card);
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(card);
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    settle();
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses while the window is not focused', async () => {
    await raise(() => toast.warning('Come back'));
    act(() => void window.dispatchEvent(new Event('blur')));
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByText('Come back')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('focus')));
    act(() => jest.advanceTimersByTime(5000));
    settle();
    expect(screen.queryByText('Come back')).not.toBeInTheDocument();
  });

  it('closes on click and with the close button', async () => {
    await raise(() => toast('Click me'));
    await raise(() => toast('Close me'));
    fireEvent.click(screen.getByText('Click me'));
    settle();
    expect(screen.queryByText('Click me')).not.toBeInTheDocument();
    const card = screen.getByText('Close me').closest<HTMLElement>('[data-toast-type]')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }));
    settle();
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
  });

  it('shows a progress bar on error toasts only', async () => {
    await raise(() => toast.error('Failed'));
    await raise(() => toast.success('Fine'));
    expect(
      screen.getByText('Failed').closest('[data-toast-type]')!.querySelector('[data-toast-progress]'),
    ).not.toBeNull();
    expect(screen.getByText('Fine').closest('[data-toast-type]')!.querySelector('[data-toast-progress]')).toBeNull();
  });

  it('uses an alert role for errors and warnings, status for the rest', async () => {
    await raise(() => toast.error('Bad'));
    await raise(() => toast.info('Note'));
    expect(screen.getByText('Bad').closest('[data-toast-type]')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Note').closest('[data-toast-type]')).toHaveAttribute('role', 'status');
  });

  it('keeps up to 20 toasts visible, newest on top', async () => {
    for (let i = 1; i <= 21; i++) await raise(() => toast(`Toast ${i}`));
    const visible = toasts().filter((el) => el.closest('[data-sonner-toast]')?.getAttribute('data-visible') === 'true');
    expect(visible).toHaveLength(20);
    expect(visible[0]).toHaveTextContent('Toast 21');
    expect(visible[19]).toHaveTextContent(/^Toast 2$/);
    expect(visible.map((el) => el.textContent)).not.toContain('Toast 1');
  });

  it('places a toast in any of the six positions', async () => {
    for (const position of TOAST_POSITIONS) await raise(() => toast(`At ${position}`, { position }));
    for (const position of TOAST_POSITIONS) {
      const [y, x] = position.split('-');
      const list = screen.getByText(`At ${position}`).closest('[data-sonner-toaster]')!;
      expect(list).toHaveAttribute('data-y-position', y);
      expect(list).toHaveAttribute('data-x-position', x);
    }
  });

  it('runs an action and closes', async () => {
    const onClick = jest.fn();
    await raise(() => toast.info('New version', { duration: Infinity, action: { label: 'Reload', onClick } }));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    settle();
    expect(screen.queryByText('New version')).not.toBeInTheDocument();
  });
});
