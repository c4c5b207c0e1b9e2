// Time from a click on the widget's launcher to an interactive composer, on a customer's page in Chromium
// with its CPU throttled 4× (issue 37, point 1): a new visitor each round, on a page of another port that
// embeds the snippet. The composer counts once it shows, focused (the widget has its visitor by then).
//   node bench/widget-open.mjs <origin> --emulator <host:port> [rounds, default 7]
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createWidget } from './widget-bytes.mjs';

const { CHROMIUM_ARGS, chromiumPath } = createRequire(import.meta.url)('../scripts/chromium.cjs');
const messages = createRequire(import.meta.url)('../messages/en.json');

/** A customer's page on a free port of 127.0.0.1 with the snippet of the widget it is told. */
async function hostPage(origin) {
  let widgetId = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1></main><script src="${origin}/embed.js" data-widget="${widgetId}" async></script></body></html>`,
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    embed: (id) => (widgetId = id),
    close: () => server.close(),
  };
}

/** One new visitor: milliseconds from the click to the focused composer. */
async function openOnce(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The host page and the widget's frame share this renderer (same site, other port): both are throttled.
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    const frame = page.frameLocator('iframe[data-chat-widget]');
    const launcher = frame.getByRole('button', { name: messages.Widget.open.replace('{name}', 'Bench') });
    await launcher.waitFor();
    const composer = frame.getByRole('form', { name: messages.Widget.composer }).getByLabel(messages.Widget.message);
    const start = performance.now();
    await launcher.click();
    await composer.waitFor();
    while (!(await composer.evaluate((element) => element === document.activeElement))) await page.waitForTimeout(5);
    return performance.now() - start;
  } finally {
    await context.close();
  }
}

async function main([origin, flag, emulatorHost, rounds = '7']) {
  if (!origin || flag !== '--emulator' || !emulatorHost) {
    console.error('usage: node bench/widget-open.mjs <origin> --emulator <host:port> [rounds]');
    process.exit(2);
  }
  const host = await hostPage(origin);
  host.embed(await createWidget(origin, emulatorHost, [new URL(host.url).origin]));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    // One unmeasured round warms the server's code paths and caches.
    await openOnce(browser, host.url);
    const times = [];
    for (let i = 0; i < Number(rounds); i++) times.push(await openOnce(browser, host.url));
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`Click to interactive composer (CPU 4×, ${times.length} new visitors):`);
    console.log(
      `  median ${Math.round(median)} ms, min ${Math.round(times[0])} ms, max ${Math.round(times.at(-1))} ms`,
    );
  } finally {
    await browser.close();
    host.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
