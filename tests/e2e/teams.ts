// Helpers of the team's browser tests: a team workspace with a widget, invitations through the Members page
// and /mailbox, and a tab whose alerts (sounds, desktop notifications) are recorded and which can be hidden.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { localized, messages, type Locale } from './fixtures';
import { givePlan } from './plans';
import { createAccount, signInThroughForm, uniqueEmail } from './auth';

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

export async function verifyAddress(request: APIRequestContext, uid: string) {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-plauder/accounts:update`,
    { headers: { authorization: 'Bearer owner' }, data: { localId: uid, emailVerified: true } },
  );
  expect(response.ok()).toBe(true);
}

/**
 * A team workspace of the signed-in owner of `page` (on the Business plan) with a widget (`settings`), the
 * dashboard's from now on.
 */
export async function teamWithWidget(page: Page, name: string, settings: Record<string, unknown> = {}) {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/workspaces', { data: { name }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).workspace;
  await givePlan(page, 'business', id);
  expect((await page.request.put('/api/workspaces/current', { data: { workspaceId: id }, headers })).status()).toBe(
    200,
  );
  const widget = await page.request.post(`/api/widgets?workspace=${id}`, {
    data: { name: 'Help desk', allowedOrigins: [], accentColor: '#4338ca', greeting: 'Hi!', locale: 'en', ...settings },
    headers,
  });
  expect(widget.status()).toBe(201);
  return { workspaceId: id as string, widgetId: (await widget.json()).widget.id as string };
}

/** Invites `email` as `role` through the Members page's form. */
export async function inviteThroughForm(page: Page, locale: Locale, email: string, role: 'admin' | 'agent') {
  const m = messages[locale].Dashboard.members;
  await page.goto(localized('/dashboard/members', locale));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.title);
  const form = page.getByRole('form', { name: m.invite.title });
  await form.getByLabel(m.invite.email).fill(email);
  await form.getByLabel(m.invite.role).selectOption(role);
  await form.getByRole('button', { name: m.invite.submit }).click();
  await expect(page.getByText(m.invite.sent.replace('{email}', email))).toBeVisible();
  await expect(page.getByRole('region', { name: m.pending.title })).toContainText(email);
}

/** The path of the invitation link mailed to `email`, read on /mailbox. */
export async function invitationLink(page: Page, email: string) {
  const mail = page.locator('article[data-mail-kind="invitation"]').filter({ hasText: email }).first();
  // The mail is sent after the invitation's answer (mailLater) and the mailbox page does not refresh itself.
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const text = (await mail.textContent()) ?? '';
  const link = /https?:\/\/[^\s]+\/invitations\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

export async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/**
 * A new verified account in its own browser context (`prepare` runs first: init scripts, permissions), invited
 * as an agent by the owner of `ownerPage` through the Members page and accepting the mailed link.
 */
export async function joinedAgent(
  ownerPage: Page,
  browser: Browser,
  locale: Locale,
  prepare: (page: Page) => Promise<void> = async () => {},
) {
  const page = await newPage(browser);
  await prepare(page);
  const account = await createAccount(page.request, uniqueEmail('agent'));
  await verifyAddress(page.request, account.uid);
  await signInThroughForm(page, account, locale);
  await inviteThroughForm(ownerPage, locale, account.email, 'agent');
  await page.goto(await invitationLink(page, account.email));
  await page.getByRole('button', { name: messages[locale].Invitation.accept }).click();
  await expect(page).toHaveURL(/\/dashboard\/members$/);
  return { page, ...account };
}

type Recorded = {
  hidden: boolean;
  plays: string[];
  notifications: Array<{ title: string; body?: string; tag?: string }>;
  click: () => void;
};
declare global {
  interface Window {
    __alerts: Recorded;
  }
}

/** Runs before the page's scripts: records sounds and notifications, and lets the test hide the tab. */
export function recordAlerts() {
  const alerts = { hidden: false, plays: [] as string[], notifications: [] as unknown[], click: () => {} };
  (window as unknown as { __alerts: typeof alerts }).__alerts = alerts;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (alerts.hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => alerts.hidden });
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    alerts.plays.push(this.currentSrc || this.src);
    return play.call(this);
  };
  const real = window.Notification;
  class RecordedNotification {
    static get permission() {
      return real.permission;
    }
    static requestPermission = real.requestPermission.bind(real);
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      alerts.notifications.push({ title, body: options.body, tag: options.tag });
      alerts.click = () => this.onclick?.();
    }
    close() {}
  }
  (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
}

export const setHidden = (hidden: boolean) => {
  window.__alerts.hidden = hidden;
  document.dispatchEvent(new Event('visibilitychange'));
};
