import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { VersionNotice } from '@/components/app/version-notice';

const requests: string[] = [];

function answer(id: string) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify({ id }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function focusWindow() {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
  });
  await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
}

describe('VersionNotice', () => {
  const originalFetch = global.fetch;
  beforeEach(() => {
    requests.length = 0;
    process.env.NEXT_PUBLIC_BUILD_ID = undefined;
  });
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('asks for the build id with a time-stamp query when the tab regains focus', async () => {
    answer('test-build');
    render(<VersionNotice message="A new version is available." reload="Reload" />);
    await focusWindow();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/\/builds\/latest\.json\?t=\d{13}$/);
  });

  it('offers a reload when the server runs another build', async () => {
    answer('a-newer-build');
    render(
      <>
        <Toaster labels={{ close: 'Close', region: 'Notifications' }} />
        <VersionNotice message="A new version is available." reload="Reload" />
      </>,
    );
    await focusWindow();
    expect(await screen.findByText('A new version is available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
