// What the run checks before it measures: every target answers 2xx, and the prerendered pages come from
// the prerender cache (a page rendered per request would be measured as something else).
import { request as httpRequest } from 'node:http';

/** node:http rather than fetch: no Accept-Encoding is added, so the bytes are what autocannon receives. */
function get(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function expectOk(label, url, options) {
  const response = await get(url, options);
  if (response.status < 200 || response.status > 299) {
    const location = response.headers.location ? ` → ${response.headers.location}` : '';
    throw new Error(
      `${label}: ${options?.method ?? 'GET'} ${url} answered ${response.status}${location}; refusing to benchmark it`,
    );
  }
  return response;
}

function fromPrerenderCache(headers) {
  const prerender = [headers['x-nextjs-prerender']].flat().join(',');
  return headers['x-nextjs-cache'] === 'HIT' || prerender.split(',').some((value) => value.trim() === '1');
}

/** Each prerendered scenario's answer, printed and kept as a check of the run. */
export async function checkPrerendered(origin, scenarios) {
  const checks = [];
  for (const scenario of scenarios.filter((s) => s.prerendered)) {
    const { headers } = await expectOk(scenario.name, origin + scenario.path, scenario);
    const ok = fromPrerenderCache(headers);
    const seen = `x-nextjs-cache: ${headers['x-nextjs-cache'] ?? '—'}, x-nextjs-prerender: ${headers['x-nextjs-prerender'] ?? '—'}`;
    console.log(`${ok ? '✓' : '✗'} ${scenario.path} from the prerender cache (${seen})`);
    checks.push({ name: `${scenario.name} served from the prerender cache`, ok, actual: seen });
  }
  return checks;
}
