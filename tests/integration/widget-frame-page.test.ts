// The widget's frame at /embed/:widgetId (app/embed/[widgetId]/route.ts): the standalone widget's document
// with the props the widget app needs, in the language the proxy chose, its script allowed by the proxy's nonce.
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { GET } from '@/app/embed/[widgetId]/route';
import { WIDGET_LOCALE_HEADER } from '@/lib/widgets/locale';
import { noncePolicy } from '@/lib/security/csp';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { ORIGIN } from './signed-in';
import { ownWidget } from './visitors';

jest.mock('@/app/embed/[widgetId]/manifest', () => jest.requireActual('./frame-manifest'));

const NONCE = 'bm9uY2Utb2YtdGhlLXByb3h5';

/** The request as the proxy hands it on (proxy.ts `widgetPage`): its policy with the nonce, the chosen language. */
function frame(widgetId: string, query = '', headers: Record<string, string> = {}) {
  const request = new NextRequest(`${ORIGIN}/embed/${widgetId}${query}`, {
    headers: { 'content-security-policy': noncePolicy(NONCE), ...headers },
  });
  return GET(request, { params: Promise.resolve({ widgetId }) });
}

/** The document's parts (the integration project has no DOM): its language, title, module script and props. */
async function read(response: Response) {
  const html = await response.text();
  const match = (pattern: RegExp) => pattern.exec(html)?.[1] ?? null;
  return {
    lang: match(/<html lang="([a-z]+)"/),
    title: match(/<title>([^<]*)<\/title>/),
    script: /<script type="module" src="([^"]+)" nonce="([^"]+)">/.exec(html)?.slice(1),
    props: JSON.parse(match(/<script type="application\/json" id="widget-props">([^<]*)<\/script>/)!),
  };
}

describe('the widget’s frame page', () => {
  it('is the standalone widget with its settings, opened by ?open=1, its script allowed by the proxy’s nonce', async () => {
    const { widgetId } = await ownWidget(undefined, { name: 'Shop help', greeting: 'Hallo!', accentColor: '#0F766E' });
    const response = await frame(widgetId, '?open=1&lang=en', { [WIDGET_LOCALE_HEADER]: 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain(`'nonce-${NONCE}'`);
    expect(policy).toContain("frame-ancestors 'self' https://shop.example.com");
    const { lang, title, script, props } = await read(response);
    expect(lang).toBe('en');
    expect(title).toBe('Shop help');
    expect(script).toEqual(['/_next/static/widget/frame-0123456789abcdef.js', NONCE]);
    expect(props).toMatchObject({
      widget: {
        id: widgetId,
        name: 'Shop help',
        greeting: 'Hallo!',
        accent: { background: '#0f766e', text: '#ffffff' },
        allowedOrigins: ['https://shop.example.com'],
      },
      mode: 'launcher',
      initiallyOpen: true,
      locale: 'en',
      labels: en.Widget,
      initialConversation: null,
    });
    expect(props.initialPresence).toHaveProperty('available');
  });

  it('shows the "Chat by Plauder" line on plans that keep it, linking the site in the visitor’s language', async () => {
    const free = await ownWidget(undefined, {}, null);
    expect((await read(await frame(free.widgetId, '', { [WIDGET_LOCALE_HEADER]: 'de' }))).props.widget.branding).toBe(
      'http://localhost:3000/de',
    );
    const starter = await ownWidget(undefined, {}, 'starter');
    expect((await read(await frame(starter.widgetId))).props.widget.branding).toBe('http://localhost:3000/');
    const professional = await ownWidget(undefined, {}, 'professional');
    expect((await read(await frame(professional.widgetId))).props.widget.branding).toBeNull();
  });

  it('speaks the language the proxy chose, else the widget’s own', async () => {
    const { widgetId } = await ownWidget(undefined, { locale: 'de' });
    const chosen = await read(await frame(widgetId, '', { [WIDGET_LOCALE_HEADER]: 'en' }));
    expect(chosen.props.labels).toEqual(en.Widget);
    const own = await read(await frame(widgetId));
    expect(own.lang).toBe('de');
    expect(own.props).toMatchObject({ locale: 'de', labels: de.Widget, initiallyOpen: false });
  });

  it('opens the inline panel, and the page an e-mail links to with its conversation (only a valid id)', async () => {
    const { widgetId } = await ownWidget();
    expect((await read(await frame(widgetId, '?mode=inline'))).props).toMatchObject({
      mode: 'inline',
      initiallyOpen: true,
    });
    const conversation = randomUUID();
    expect((await read(await frame(widgetId, `?mode=page&conversation=${conversation}`))).props).toMatchObject({
      mode: 'page',
      initiallyOpen: true,
      initialConversation: conversation,
    });
    expect((await read(await frame(widgetId, '?mode=page&conversation=../x'))).props.initialConversation).toBeNull();
    expect((await read(await frame(widgetId, '?mode=bogus'))).props.mode).toBe('launcher');
  });

  it('is a 404 in the visitor’s language for a widget that does not exist, that nobody may frame', async () => {
    const response = await frame('AAAAAAAAAAAAAAAA', '', { 'accept-language': 'de' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain(`<title>${de.Errors.missingWidget.title}</title>`);
  });
  it('greets each visitor in their language where the owner wrote it, else with the widget’s own texts', async () => {
    const { widgetId } = await ownWidget(undefined, {
      greeting: 'Hi! How can we help?',
      awayMessage: 'We answer by e-mail.',
      locale: 'en',
      translations: { de: { greeting: 'Hallo! Wie können wir helfen?' } },
    });
    const german = await read(await frame(widgetId, '?lang=de', { [WIDGET_LOCALE_HEADER]: 'de' }));
    expect(german.props.widget).toMatchObject({
      greeting: 'Hallo! Wie können wir helfen?',
      awayMessage: 'We answer by e-mail.',
    });
    const english = await read(await frame(widgetId, '?lang=en', { [WIDGET_LOCALE_HEADER]: 'en' }));
    expect(english.props.widget).toMatchObject({
      greeting: 'Hi! How can we help?',
      awayMessage: 'We answer by e-mail.',
    });
  });
});
