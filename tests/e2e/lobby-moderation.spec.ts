import type { Browser, Page } from '@playwright/test';
import { expect, test, axeViolations, localized, messages, type Locale } from './fixtures';
import { createAccount, grantAdmin, signInThroughForm } from './auth';

async function openChat(page: Page, locale: Locale) {
  await page.goto(localized('/chat', locale));
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('status').filter({ hasText: messages[locale].Chat.status.live })).toBeVisible();
}

/** A guest in a browser of their own, in the lobby. */
async function guestIn(browser: Browser, locale: Locale) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openChat(page, locale);
  return { context, page };
}

/** Posts `text` as the guest `name` through the composer. */
async function post(page: Page, locale: Locale, name: string, text: string) {
  const m = messages[locale].Chat;
  const composer = page.getByRole('form', { name: m.composer });
  await composer.getByLabel(m.guestName).fill(name);
  await composer.getByLabel(m.message).fill(text);
  await composer.getByLabel(m.message).press('Enter');
}

/** Support staff, signed in, in the lobby (in a browser of their own). */
async function staffIn(browser: Browser, locale: Locale) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createAccount(page.request);
  await grantAdmin(page.request, account.uid);
  await signInThroughForm(page, account, locale);
  await openChat(page, locale);
  return { context, page };
}

const unique = () => Math.random().toString(36).slice(2, 8);
const fill = (text: string, name: string) => text.replace('{name}', name);

for (const locale of ['en', 'de'] as const) {
  const m = messages[locale].Chat;
  const mod = m.moderation;

  test(`support staff delete a message and it vanishes for everybody without a reload (${locale})`, async ({
    browser,
  }) => {
    // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
    test.setTimeout(90_000);
    const author = await guestIn(browser, locale);
    const viewer = await guestIn(browser, locale);
    const name = `Grace ${unique()}`;
    const spam = `Cheap watches at spam.example ${unique()}`;
    await post(author.page, locale, name, spam);
    const viewerLog = viewer.page.getByRole('log', { name: m.messages });
    await expect(viewerLog.locator('article', { hasText: spam })).toContainText(name);
    // Nobody but staff gets the controls.
    await expect(viewer.page.getByRole('button', { name: fill(mod.deleteLabel, name) })).toHaveCount(0);
    await expect(viewer.page.getByRole('heading', { name: mod.listTitle })).toHaveCount(0);

    const staff = await staffIn(browser, locale);
    const otherTab = await staff.context.newPage();
    await openChat(otherTab, locale);
    const message = staff.page.getByRole('log', { name: m.messages }).locator('li', { hasText: spam });
    await expect(message.getByRole('button', { name: fill(mod.muteLabel, name) })).toBeVisible();
    await expect(staff.page.getByRole('heading', { name: mod.listTitle })).toBeVisible();
    expect(await axeViolations(staff.page)).toEqual([]);

    await message.getByRole('button', { name: fill(mod.deleteLabel, name) }).click();
    await expect(staff.page.getByRole('status').filter({ hasText: fill(mod.deleted, name) })).toBeVisible();
    for (const page of [staff.page, otherTab, viewer.page, author.page]) {
      await expect(page.getByRole('log', { name: m.messages }).locator('article', { hasText: spam })).toHaveCount(0);
    }
    // And for every later visitor.
    await viewer.page.reload();
    await expect(viewer.page.getByRole('status').filter({ hasText: m.status.live })).toBeVisible();
    await expect(viewerLog.locator('article', { hasText: spam })).toHaveCount(0);
    for (const context of [author.context, viewer.context, staff.context]) await context.close();
  });

  test(`support staff mute a guest, whose next message is refused in their language, and unmute them (${locale})`, async ({
    browser,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 403 \(Forbidden\) \(http:\/\/127\.0\.0\.1:\d+\/api\/chat\/lobby\/messages\)$/);
    const guest = await guestIn(browser, locale);
    const name = `Trudy ${unique()}`;
    const first = `First words ${unique()}`;
    await post(guest.page, locale, name, first);
    const composer = guest.page.getByRole('form', { name: m.composer });
    await expect(composer.getByLabel(m.message)).toHaveValue('');

    const staff = await staffIn(browser, locale);
    const message = staff.page.getByRole('log', { name: m.messages }).locator('li', { hasText: first });
    await message.getByRole('button', { name: fill(mod.muteLabel, name) }).click();
    const confirmation = staff.page.getByRole('form', { name: fill(mod.confirmTitle, name) });
    await expect(confirmation.getByRole('radio', { name: mod.durations.day })).toBeChecked();
    expect(await axeViolations(staff.page)).toEqual([]);
    await confirmation.getByRole('radio', { name: mod.durations.hour }).check();
    await confirmation.getByRole('button', { name: mod.confirm }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(message).toContainText(mod.muted);
    const unmute = message.getByRole('button', { name: fill(mod.unmuteLabel, name) });
    await expect(unmute).toBeFocused();
    const list = staff.page.getByRole('region', { name: mod.listTitle });
    await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();

    const refused = `Still here ${unique()}`;
    await composer.getByLabel(m.message).fill(refused);
    await composer.getByRole('button', { name: m.send }).click();
    await expect(composer.getByRole('alert')).toHaveText(messages[locale].Api.errors.muted);
    await expect(composer.getByLabel(m.message)).toHaveValue(refused);
    await expect(
      staff.page.getByRole('log', { name: m.messages }).locator('article', { hasText: refused }),
    ).toHaveCount(0);

    await unmute.click();
    await expect(message.getByRole('button', { name: fill(mod.muteLabel, name) })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    await composer.getByRole('button', { name: m.send }).click();
    await expect(composer.getByLabel(m.message)).toHaveValue('');
    await expect(
      staff.page.getByRole('log', { name: m.messages }).locator('article', { hasText: refused }),
    ).toContainText(name);
    for (const context of [guest.context, staff.context]) await context.close();
  });
}

test('the page sends the moderation texts to support staff only', async ({ browser, request }) => {
  const { Chat } = messages.en;
  // The room's texts travel in the page's payload as the client component's props.
  const guestPage = await (await request.get('/chat')).text();
  expect(guestPage.includes(Chat.beginning), "the room's texts are in the page").toBe(true);
  expect(guestPage.includes(Chat.moderation.intro), "staff's texts are in a guest's page").toBe(false);
  const staff = await staffIn(browser, 'en');
  const staffPage = await (await staff.page.request.get('/chat')).text();
  expect(staffPage.includes(Chat.moderation.intro), "staff's texts are in their page").toBe(true);
  await staff.context.close();
});
