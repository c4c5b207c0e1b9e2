// The widget's standalone frame as the build makes it (scripts/build-widget.mjs): the widget's components on
// Preact, and Tailwind from the widget's own sources, hashed, named in the manifest with their sizes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitFor } from '@testing-library/dom';
import type { buildWidget } from '../../scripts/build-widget.mjs';
import budgets from '../../bench/budgets.json';
import en from '@/messages/en.json';
import { frameDocument } from '@/lib/widgets/frame-document.mjs';
import { heaviestFrameDocument } from '../../scripts/check-bundles.mjs';
import { widgetProps } from './widget-props';

jest.setTimeout(60_000);

const props = widgetProps({ id: 'w_frame-1' }, { mode: 'launcher', initiallyOpen: false });

describe('the widget’s frame', () => {
  let nextDir: string;
  let manifest: Awaited<ReturnType<typeof buildWidget>>;
  // As the build runs it (scripts/build-if-needed.mjs): Tailwind's PostCSS plugin does not load under Jest.
  beforeAll(() => {
    device(false);
    nextDir = mkdtempSync(join(tmpdir(), 'widget-frame-'));
    const built = spawnSync(process.execPath, [join(process.cwd(), 'scripts', 'build-widget.mjs'), nextDir], {
      encoding: 'utf8',
    });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    manifest = JSON.parse(readFileSync(join(nextDir, 'widget-manifest.json'), 'utf8'));
  });
  afterAll(() => rmSync(nextDir, { recursive: true, force: true }));

  it('is a hashed script and stylesheet under /_next/static/widget, named with their sizes in the manifest', () => {
    for (const [entry, ext] of [
      [manifest.script, 'js'],
      [manifest.stylesheet, 'css'],
    ] as const) {
      expect(entry.path).toMatch(new RegExp(`^/_next/static/widget/frame-[0-9a-f]{16}\\.${ext}$`));
      const bytes = readFileSync(join(nextDir, entry.path.replace('/_next/', '')));
      expect(entry.rawBytes).toBe(bytes.length);
      expect(entry.gzipBytes).toBe(gzipSync(bytes, { level: 9 }).length);
    }
  });

  it('fits the opened widget in 25 KB gzip with the heaviest document a widget has (scripts/check-bundles.mjs)', () => {
    const document = gzipSync(heaviestFrameDocument(manifest), { level: 9 }).length;
    expect(document + manifest.script.gzipBytes + manifest.stylesheet.gzipBytes).toBeLessThanOrEqual(
      budgets.widgetFrame.gzipBudget,
    );
    // Its requests go out on the browser's fetch (components/widget/visitor-fetch.ts): no ofetch, ufo or destr.
    const js = readFileSync(join(nextDir, manifest.script.path.replace('/_next/', '')), 'utf8');
    expect(js).not.toMatch(/retryStatusCodes|ignoreResponseError/);
    // Nor the inbox's own parts of the shared thread: members' notes (components/inbox/note-card.tsx).
    expect(js).not.toContain('data-note');
  });

  it('runs the widget on Preact, not React, and styles the classes the widget uses', () => {
    const { script, stylesheet } = manifest;
    const js = readFileSync(join(nextDir, script.path.replace('/_next/', '')), 'utf8');
    const css = readFileSync(join(nextDir, stylesheet.path.replace('/_next/', '')), 'utf8');
    // React's DOM renderer announces itself in its errors; Preact's compat layer has none of them.
    expect(js).not.toContain('react.dev/errors');
    expect(js).toContain('widget-props');
    // The brand colour of the product's theme (app/theme.css), and a class of the widget's launcher.
    expect(css).toContain('--color-brand-700:#4338ca');
    expect(css).toMatch(/\.h-16\{/);
    // The look of the document itself (lib/widgets/frame-document.mjs).
    expect(css).toContain('.antialiased{');
    expect(css).toContain('.bg-transparent{');
    // Classes only the site uses (its dashboard's columns) are not there.
    expect(css).not.toContain('lg\\:grid-cols-2');
    // The site's dark palette (app/dark-palette.css), without the colours the widget never reads.
    expect(css).toMatch(/\[data-theme=dark\]\{color-scheme:dark;--color-white:oklch/);
    expect(css).toContain('--color-slate-900:oklch(96.8%');
    expect(css).not.toContain('--color-blue-950');
  });

  /** The device's colour scheme as matchMedia answers it, changed by `prefer`. */
  function device(dark: boolean) {
    const listeners = new Set<() => void>();
    const media = {
      get matches() {
        return dark;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    Object.assign(window, { matchMedia: jest.fn(() => media) });
    return {
      /** Changes the scheme once the widget listens (its effect runs after the first render). */
      async prefer(next: boolean) {
        await waitFor(() => expect(listeners.size).toBeGreaterThan(0));
        dark = next;
        listeners.forEach((listener) => listener());
      },
    };
  }

  /** The opened widget of `theme`, run from its document's props as the browser would. */
  async function openPanel(theme: string) {
    const opened = { ...props, initiallyOpen: true, widget: { ...props.widget, theme } };
    const html = frameDocument({ locale: 'en', title: 'Shop help', props: opened, nonce: 'n', manifest });
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    Object.assign(window, { fetch: jest.fn(() => Promise.reject(new TypeError('offline'))) });
    new Function(readFileSync(join(nextDir, manifest.script.path.replace('/_next/', '')), 'utf8'))();
    // Waits for the render rather than a fixed pause: a loaded CI host renders later than 50 ms.
    return waitFor(() => {
      const panel = document.querySelector('#widget main');
      if (!panel) throw new Error('The panel is not rendered yet.');
      return panel;
    });
  }

  it('darkens the open panel on a dark device with theme auto, live when the device changes', async () => {
    const scheme = device(false);
    const panel = await openPanel('auto');
    expect(panel).toHaveAttribute('data-theme', 'light');
    await scheme.prefer(true);
    await waitFor(() => expect(panel).toHaveAttribute('data-theme', 'dark'));
    // The frame's root keeps the page's colour scheme: a frame whose root differs is painted opaque.
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it('keeps the owner’s theme whatever the device prefers', async () => {
    device(false);
    expect(await openPanel('dark')).toHaveAttribute('data-theme', 'dark');
    device(true);
    expect(await openPanel('light')).toHaveAttribute('data-theme', 'light');
  });

  it('renders the widget from the props of its document (lib/widgets/frame-document.mjs): the launcher, and the panel once it is clicked, asking and storing nothing before the first message', async () => {
    // The frame's own document (lib/widgets/frame-document.mjs); its script is run below, as the browser would.
    const html = frameDocument({ locale: 'en', title: 'Shop help', props, nonce: 'n', manifest });
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    localStorage.clear();
    Object.assign(window, { fetch: jest.fn(() => Promise.reject(new TypeError('offline'))) });
    new Function(readFileSync(join(nextDir, manifest.script.path.replace('/_next/', '')), 'utf8'))();
    const launcher = document.querySelector<HTMLButtonElement>('#widget button')!;
    expect(launcher.getAttribute('aria-label')).toBe('Open the chat: Shop help');
    launcher.click();
    await waitFor(() => expect(document.querySelector('#widget section')).not.toBeNull());
    expect(document.querySelector('#widget h1')!.textContent).toBe('Shop help');
    // A new visitor: the owner's note and consent line over the composer; no visitor started, nothing stored.
    const start = document.querySelector('#widget section')!;
    expect(start.textContent).toContain('Have your order number at hand.');
    const link = start.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://shop.example/privacy');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe(en.Widget.privacyPolicy + en.Widget.newTab);
    expect(document.getElementById('start-message')).not.toBeNull();
    expect(window.fetch).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('focuses the message field of an opened widget, as React’s autoFocus did (Preact writes only the attribute)', async () => {
    const opened = { ...props, initiallyOpen: true };
    const html = frameDocument({ locale: 'en', title: 'Shop help', props: opened, nonce: 'n', manifest });
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    Object.assign(window, {
      fetch: jest.fn((url: string) =>
        url.endsWith('/visitors')
          ? answer({ token: 't', verified: false, name: null, email: null })
          : answer({ conversations: [], cursor: 0 }),
      ),
    });
    new Function(readFileSync(join(nextDir, manifest.script.path.replace('/_next/', '')), 'utf8'))();
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('start-message')));
  });
});
