/** @jest-environment node */
// How bench/widget-bytes.mjs counts the opened widget (issue 37, point 6): the document and every script
// and stylesheet it makes a browser fetch, each compressed on its own.
import { gzipSync } from 'node:zlib';
import { compressedSizes, referencedAssets } from '../../bench/widget-bytes.mjs';

const page = 'http://127.0.0.1:3000/embed/w1?open=1';

describe('the opened widget’s files', () => {
  it('are the scripts, stylesheets and preloaded scripts and styles the document names, each once, as absolute URLs', () => {
    const html =
      '<!doctype html><html><head>' +
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next">' +
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js">' +
      "<link rel=modulepreload href='/widget/c.js'>" +
      '<link rel="preload" href="/font.woff2" as="font">' +
      '<link rel="icon" href="/icon.svg">' +
      '<script src="/_next/static/chunks/b.js" async></script>' +
      '<script nonce="n">self.__next_f.push([1,"<script src=\\"/x.js\\">"])</script>' +
      '<script src="https://cdn.example/d.js?v=1&amp;w=2"></script>' +
      '</head><body></body></html>';
    expect(referencedAssets(html, page)).toEqual([
      'http://127.0.0.1:3000/_next/static/chunks/b.js',
      'https://cdn.example/d.js?v=1&w=2',
      'http://127.0.0.1:3000/_next/static/chunks/a.css',
      'http://127.0.0.1:3000/widget/c.js',
    ]);
  });

  it('are counted raw, gzip and brotli, gzip at level 9', () => {
    const text = 'the widget '.repeat(500);
    const sizes = compressedSizes(new TextEncoder().encode(text));
    expect(sizes.raw).toBe(text.length);
    expect(sizes.gzip).toBe(gzipSync(text, { level: 9 }).length);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
    expect(sizes.gzip).toBeLessThan(sizes.raw / 10);
  });
});
