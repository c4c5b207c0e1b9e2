// The widget frame's document (lib/widgets/frame-document.mjs): the build's stylesheet and script, the script
// allowed by the page's nonce, the widget app's props as JSON that no setting can end early.
import { frameDocument } from '@/lib/widgets/frame-document.mjs';

const manifest = {
  script: { path: '/_next/static/widget/frame-0123456789abcdef.js', rawBytes: 1, gzipBytes: 1 },
  stylesheet: { path: '/_next/static/widget/frame-fedcba9876543210.css', rawBytes: 1, gzipBytes: 1 },
};
const hostile = 'Help </title></script><script>window.ran = true</script> & Co\u2028';

function render(props: unknown = { widget: { name: hostile } }) {
  const html = frameDocument({ locale: 'de', title: hostile, props, nonce: 'abc123', manifest });
  return { html, document: new DOMParser().parseFromString(html, 'text/html') };
}

describe('the widget frame’s document', () => {
  it('is in the visitor’s language, with the widget’s name as its title, as text only', () => {
    const { document } = render();
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe(hostile);
    expect(document.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('loads the build’s stylesheet and runs its script alone, by the nonce', () => {
    const { document } = render();
    expect([...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href'))).toEqual([
      manifest.stylesheet.path,
    ]);
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((s) => [s.getAttribute('type'), s.getAttribute('src'), s.getAttribute('nonce')])).toEqual([
      ['application/json', null, null],
      ['module', manifest.script.path, 'abc123'],
    ]);
    expect(document.getElementById('widget')).not.toBeNull();
  });

  it('carries the props whole, whatever text a setting holds', () => {
    const props = { widget: { name: hostile, greeting: '<!-- <script>' }, labels: { open: 'Chat öffnen: {name}' } };
    const { document } = render(props);
    expect(JSON.parse(document.getElementById('widget-props')!.textContent!)).toEqual(props);
  });
});
