import { act, render, screen } from '@testing-library/react';
import { AppShellClient } from '@/components/app/app-shell-client';
import { toast } from '@/lib/toast';

const labels = { close: 'Schließen', region: 'Benachrichtigungen', generalError: 'Fehler', newVersion: 'Neu', reload: 'Neu laden' };

describe('AppShellClient', () => {
  afterEach(async () => {
    await act(async () => void (await toast.dismiss()));
  });

  it('mounts no toaster (and loads no sonner) until the first toast is raised, then shows it', async () => {
    render(<AppShellClient labels={labels} />);
    expect(document.documentElement.dataset.hydrated).toBe('true');
    // Long enough for a lazily imported toaster to have mounted, had it been requested at mount.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    expect(screen.queryByRole('region', { name: /Benachrichtigungen/ })).toBeNull();

    await act(async () => void toast.success('Gespeichert'));
    const card = await screen.findByText('Gespeichert');
    expect(card.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'success');
    // The toaster carries the translated labels the shell was given.
    expect(screen.getByRole('region', { name: /Benachrichtigungen/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });
});
