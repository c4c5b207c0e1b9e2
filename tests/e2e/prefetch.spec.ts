import type { Page, Request } from '@playwright/test';
import { expect, test, messages, openHydrated } from './fixtures';

// Links prefetch their page on intent (hover, touch, focus), not on sight: a page start fetches no
// other page, and navigation stays client-side.

function recordRequests(page: Page) {
  const prefetches: string[] = [];
  const documents: string[] = [];
  page.on('request', (request: Request) => {
    const headers = request.headers();
    if (headers['next-router-prefetch'] || headers['rsc']) prefetches.push(new URL(request.url()).pathname);
    // The page's own documents (Plauder's widget loads its frame's document once the page is idle).
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame())
      documents.push(new URL(request.url()).pathname);
  });
  return { prefetches, documents };
}

test('the landing page fetches no linked page while it starts; hovering a link prefetches it and clicking navigates in place', async ({
  page,
}) => {
  const seen = recordRequests(page);
  await openHydrated(page, '/');
  // Next prefetches the links in view right after hydration; give it ample time to have done so.
  await page.waitForTimeout(1500);
  expect(seen.prefetches).toEqual([]);

  const nav = page.getByRole('navigation', { name: messages.en.Nav.main });
  const chat = nav.getByRole('link', { name: messages.en.Nav.chat });
  await chat.hover();
  await expect.poll(() => seen.prefetches).toContain('/chat');

  const documentsBefore = seen.documents.length;
  await chat.click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.Chat.title);
  expect(seen.documents.length).toBe(documentsBefore);
});

test('keyboard focus on a link prefetches it', async ({ page }) => {
  const seen = recordRequests(page);
  await openHydrated(page, '/de');
  await page.waitForTimeout(500);
  expect(seen.prefetches).toEqual([]);
  await page
    .getByRole('navigation', { name: messages.de.Nav.main })
    .getByRole('link', { name: messages.de.Nav.signIn })
    .focus();
  await expect.poll(() => seen.prefetches).toContain('/de/login');
});
