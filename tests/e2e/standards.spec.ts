import type { Page } from '@playwright/test';
import catalogue from '@/data/products.json';
import { baseURL } from '../../playwright.config';
import { expect, localized, localesUnderTest, messages, test } from './fixtures';
import { signIn } from './auth';

// Web standards (issue 21) and legal pages (issue 15): what the served HTML says, without JavaScript
// where a crawler or a browser without it must get it.

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
}

for (const locale of localesUnderTest) {
  const m = messages[locale];
  const site = `${baseURL}${localized('/', locale) === '/' ? '/' : '/de'}`;

  test.describe(`without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    // A product slug no other test asks for: its first render. (Rendered again after a catalogue change, it
    // keeps one of each head tag: tests/instances/catalogue.test.ts.)
    for (const path of [localized('/does-not-exist', locale), localized('/shop/no-such-plan', locale)]) {
      test(`${path} answers 404 with its heading, the path, ways on and its own title in the served HTML`, async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 404 \(Not Found\)/);
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(`${m.Metadata.notFound.title} · Plauder`);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        const main = page.locator('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(m.Errors.notFound.title);
        // The specification's sentence with the path, as one text of the served HTML (crawlers, no script).
        const sentence = m.Errors.notFound.message.replace('{path}', path);
        expect(await response?.text()).toContain(`>${sentence}<`);
        await expect(main.getByText(sentence, { exact: true })).toBeVisible();
        await expect(main.getByText(m.Errors.notFound.hint)).toBeVisible();
        await expect(main.getByRole('link', { name: m.Errors.home })).toHaveAttribute('href', localized('/', locale));
        await expect(main.getByRole('link', { name: m.Errors.plans })).toHaveAttribute(
          'href',
          locale === 'en' ? '/#plans' : '/de#plans',
        );
        await expect(main.getByRole('link', { name: m.Errors.contact })).toHaveAttribute(
          'href',
          localized('/chat', locale),
        );
      });
    }

    test('the landing page marks up the seller, the site and links to the products, never a Product', async ({
      page,
    }) => {
      await page.goto(localized('/', locale));
      const data = await jsonLd(page);
      expect(data.map((item) => item['@type']).sort()).toEqual(['ItemList', 'Organization', 'WebSite']);
      const organization = data.find((item) => item['@type'] === 'Organization')!;
      expect(organization).toMatchObject({
        legalName: 'Plauder Demo GmbH',
        email: 'kontakt@plauder.example',
        address: { addressCountry: 'DE', postalCode: '10115' },
      });
      const list = data.find((item) => item['@type'] === 'ItemList') as { itemListElement: Array<{ url: string }> };
      expect(list.itemListElement.map((item) => item.url)).toEqual(
        catalogue.filter((p) => p.active).map((p) => `${baseURL}${localized(`/shop/${p.slug}`, locale)}`),
      );
      expect(data.find((item) => item['@type'] === 'WebSite')).toMatchObject({ url: site, inLanguage: locale });
    });

    test('a product page marks up one Product with its own image and a BreadcrumbList', async ({ page, request }) => {
      const source = catalogue.find((p) => p.slug === 'professional')!;
      await page.goto(localized('/shop/professional', locale));
      const data = await jsonLd(page);
      const products = data.filter((item) => item['@type'] === 'Product');
      expect(products).toHaveLength(1);
      const product = products[0] as {
        image: string;
        offers: { hasMerchantReturnPolicy: { merchantReturnLink: string } };
      };
      expect(product.image).toBe(`${baseURL}/og/professional.${locale}.png`);
      expect(product.offers.hasMerchantReturnPolicy.merchantReturnLink).toBe(
        `${baseURL}${localized('/terms', locale)}#withdrawal`,
      );
      const image = await request.get(new URL(product.image).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(data.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
        itemListElement: [
          { position: 1, name: 'Plauder' },
          { position: 2, name: source.name[locale] },
        ],
      });
      await expect(
        page.locator(`[data-purchase-terms] a[href="${localized('/terms', locale)}#withdrawal"]`),
      ).toHaveCount(1);
    });

    for (const document of ['imprint', 'privacy', 'terms'] as const) {
      test(`the ${document} page is in the served HTML, names the seller and marks the demo values`, async ({
        page,
      }) => {
        const response = await page.goto(localized(`/${document}`, locale));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.Legal[document].title);
        await expect(page).toHaveTitle(`${m.Metadata[document].title} · Plauder`);
        const seller = page.locator('[data-operator]');
        await expect(seller.getByRole('heading', { name: 'Plauder Demo GmbH' })).toBeVisible();
        await expect(seller).toContainText('Musterstraße 1');
        await expect(seller).toContainText('10115 Berlin');
        await expect(seller.getByRole('note')).toHaveText(m.Legal.demoNotice);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          `${baseURL}${localized(`/${document}`, locale)}`.replace(/\/$/, ''),
        );
      });
    }

    test('every footer links the legal pages', async ({ page, consoleErrors }) => {
      // The last is the 404 page, whose answer the browser logs.
      consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^)]+\/does-not-exist\)$/);
      for (const path of ['/', '/chat', '/login', '/shop/starter', '/does-not-exist']) {
        await page.goto(localized(path, locale));
        const footer = page.getByRole('contentinfo');
        for (const document of ['imprint', 'privacy', 'terms'] as const) {
          await expect(footer.getByRole('link', { name: m.Footer[document] }), path).toHaveAttribute(
            'href',
            localized(`/${document}`, locale),
          );
        }
      }
    });

    test('the terms state the right of withdrawal under the anchor the checkout links', async ({ page }) => {
      await page.goto(`${localized('/terms', locale)}#withdrawal`);
      await expect(page.locator('#withdrawal').getByRole('heading')).toHaveText(
        m.Legal.terms.sections.withdrawal.title,
      );
    });

    test('forms: every text input says its type, the sample form can be sent, sections have headings', async ({
      page,
    }) => {
      for (const path of ['/sample', '/login', '/signup', '/verify-email', '/chat']) {
        await page.goto(localized(path, locale));
        await expect(page.locator('input:not([type])'), path).toHaveCount(0);
        for (const section of await page.locator('section').all()) {
          await expect(section.locator('h1, h2, h3, h4').first(), path).toBeAttached();
        }
      }
      await page.goto(localized('/sample', locale));
      const form = page.getByRole('form', { name: m.Sample.fields.title });
      await expect(form.getByRole('button', { name: m.Sample.fields.submit })).toHaveAttribute('type', 'submit');
      await expect(page.locator('#sample-name')).toHaveAttribute('type', 'text');
    });
  });

  test(`the diagnostics table has a caption and speaks the page's language (${locale})`, async ({ page }) => {
    await page.goto(localized('/test', locale));
    const table = page.getByRole('table', { name: m.Test.health.caption });
    await expect(table).toBeVisible();
    for (const name of Object.values(m.Test.health.components))
      await expect(table.getByRole('rowheader', { name })).toBeVisible();
    await expect(table).toContainText(m.Test.health.details.pglite);
    await expect(table).toContainText(m.Test.health.details.emulator);
    if (locale === 'de') await expect(table).not.toContainText(/\brules\b|active products|embedded|emulator\b/);
  });

  test(`the chat names its room in the page's language (${locale})`, async ({ page }) => {
    await page.goto(localized('/chat', locale));
    await expect(page.getByRole('heading', { level: 2, name: m.Chat.room })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: m.Chat.room })).not.toContainText('lobby');
  });

  test(`the checkout links the terms, the right of withdrawal and the privacy policy (${locale})`, async ({ page }) => {
    // The setup service: the plans are subscriptions, bought on the billing page.
    await page.goto(localized('/shop/setup-service', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    const source = catalogue.find((p) => p.slug === 'setup-service')!;
    await page
      .getByRole('form', { name: m.Home.plans.buyLabel.replace('{name}', source.name[locale]) })
      .getByRole('button', { name: m.Home.plans.buy })
      .click();
    await expect(page).toHaveURL(/\/shop\/checkout\/cs_local_/);
    const terms = page.locator('[data-purchase-terms]');
    await expect(terms.locator(`a[href="${localized('/terms', locale)}"]`)).toHaveCount(1);
    await expect(terms.locator(`a[href="${localized('/terms', locale)}#withdrawal"]`)).toHaveCount(1);
    await expect(terms.locator(`a[href="${localized('/privacy', locale)}"]`)).toHaveCount(1);
  });

  test(`signed in, the dashboard's text inputs say their type (${locale})`, async ({ page }) => {
    await signIn(page);
    for (const path of ['/dashboard/profile', '/dashboard/tickets', '/dashboard/feedback']) {
      await page.goto(localized(path, locale));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('input:not([type])'), path).toHaveCount(0);
    }
    for (const id of ['#displayName', '#subject', '#page']) {
      await page.goto(
        localized(
          id === '#displayName'
            ? '/dashboard/profile'
            : id === '#subject'
              ? '/dashboard/tickets'
              : '/dashboard/feedback',
          locale,
        ),
      );
      await expect(page.locator(id)).toHaveAttribute('type', 'text');
    }
  });

  test(`toasts use the page's font and the dark theme's colours (${locale})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL }]);
    await page.goto(localized('/sample', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: m.Sample.toasts.type.success, exact: true }).click();
    const toast = page.locator('[data-toast-type="success"]').first();
    await expect(toast).toBeVisible();
    const [bodyFont, toastFont] = await Promise.all([
      page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily),
      toast.evaluate((el) => getComputedStyle(el).fontFamily),
    ]);
    expect(toastFont).toBe(bodyFont);
    // Dark surface, light text: the colours' luminance as the browser paints them.
    const luminance = await toast.evaluate((el) => {
      const paint = (color: string) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      return { background: paint(getComputedStyle(el).backgroundColor), text: paint(getComputedStyle(el).color) };
    });
    expect(luminance.background).toBeLessThan(0.3);
    expect(luminance.text).toBeGreaterThan(0.7);
  });
}

test('German says "Pakete" for the plans everywhere, never "Tarife"', () => {
  expect(JSON.stringify(messages.de)).not.toMatch(/Tarif/);
  expect(messages.de.Home.plans.title).toMatch(/Pakete/);
});

test('unknown /api/* addresses answer the JSON error format with 404, for every method', async ({ request }) => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const response = await request.fetch('/api/nope/deeper', {
      method,
      headers: { origin: baseURL, 'accept-language': 'de' },
    });
    expect(response.status(), method).toBe(404);
    expect(response.headers()['content-type'], method).toContain('application/json');
    expect(await response.json(), method).toMatchObject({
      error: { code: 'notFound', message: messages.de.Api.errors.notFound },
    });
  }
  const foreign = await request.post('/api/nope', { headers: { origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);
});

test('/en/… moves for good to the unprefixed address, with its query; other redirects stay temporary', async ({
  request,
}) => {
  for (const [from, to] of [
    ['/en/chat', '/chat'],
    ['/en', '/'],
    ['/en/shop/starter?ref=mail', '/shop/starter?ref=mail'],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(
      new URL(response.headers().location!, baseURL).pathname + new URL(response.headers().location!, baseURL).search,
      from,
    ).toBe(to);
  }
});

test('signed out, a dashboard page with a query comes back to that page and query after login', async ({ request }) => {
  for (const path of ['/dashboard/tickets?lang=de', '/de/dashboard/tickets?status=open', '/dashboard/feedback']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    const target = new URL(response.headers().location!, baseURL);
    expect(target.pathname, path).toBe(path.startsWith('/de/') ? '/de/login' : '/login');
    expect(target.searchParams.get('redirect'), path).toBe(path);
  }
});
