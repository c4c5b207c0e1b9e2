// A production instance that starts while its database accepts connections and answers nothing (the
// forwarder in front of it hung before the start, as a server under SIGSTOP): the storefront is served
// from the build's renders once the first probe gives up (2 s), not after the first connection's 10 s.
import { instanceBehindForwarder } from './behind-forwarder';

jest.setTimeout(120_000);

const setup = instanceBehindForwarder('hung from the start', { startsAs: 'hung' });

it('serves the landing and product pages from the build’s renders within the probe’s budget, not the connection’s', async () => {
  const answers = await Promise.all(
    ['/de', '/shop/setup-service'].map(async (path) => {
      try {
        // A deadline between the probe's budget and the first connection's wait.
        const answer = await fetch(setup.app.origin + path, { signal: AbortSignal.timeout(6_000) });
        return [path, answer.status, (await answer.text()).includes('data-price-cents="14900"')];
      } catch (error) {
        return [path, (error as Error).name];
      }
    }),
  );
  expect(answers).toEqual([
    ['/de', 200, true],
    ['/shop/setup-service', 200, true],
  ]);
});
