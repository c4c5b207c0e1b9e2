// Members and invitations (issue 36, point 2), in both languages: the owner invites by e-mail from the Members
// page, the link from /mailbox is accepted by a new sign-up and by an existing account, and a member the owner
// removes loses the inbox at once. The new screens are axe clean.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { axeViolations, expect, localized, localesUnderTest, messages, test, type Locale } from './fixtures';
import { createAccount, signIn, signInThroughForm, uniqueEmail } from './auth';

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

async function verifyAddress(request: APIRequestContext, uid: string) {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-plauder/accounts:update`,
    { headers: { authorization: 'Bearer owner' }, data: { localId: uid, emailVerified: true } },
  );
  expect(response.ok()).toBe(true);
}

/** A team workspace of the signed-in owner of `page`, with a widget, shown by the dashboard from now on. */
async function teamWithWidget(page: Page, name: string) {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/workspaces', { data: { name }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).workspace;
  expect((await page.request.put('/api/workspaces/current', { data: { workspaceId: id }, headers })).status()).toBe(
    200,
  );
  const widget = await page.request.post(`/api/widgets?workspace=${id}`, {
    data: { name: 'Help desk', allowedOrigins: [], accentColor: '#4338ca', greeting: 'Hi!', locale: 'en' },
    headers,
  });
  expect(widget.status()).toBe(201);
  return id as string;
}

/** Invites `email` as `role` through the Members page's form. */
async function inviteThroughForm(page: Page, locale: Locale, email: string, role: 'admin' | 'agent') {
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
async function invitationLink(page: Page, email: string) {
  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.locator('article[data-mail-kind="invitation"]').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const text = (await mail.textContent()) ?? '';
  const link = /https?:\/\/[^\s]+\/invitations\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

for (const locale of localesUnderTest) {
  const m = messages[locale];

  test(`${locale}: a new sign-up accepts the mailed invitation and joins as agent`, async ({ page, browser }) => {
    await signIn(page, uniqueEmail('owner'), locale);
    await teamWithWidget(page, `Acme ${locale}`);
    const email = uniqueEmail('newcomer');
    await inviteThroughForm(page, locale, email, 'agent');
    expect(await axeViolations(page)).toEqual([]);

    const invitee = await newPage(browser);
    const path = await invitationLink(invitee, email);
    expect(path.startsWith(locale === 'de' ? '/de/invitations/' : '/invitations/')).toBe(true);
    await invitee.goto(path);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(
      m.Invitation.title.replace('{workspace}', `Acme ${locale}`),
    );
    expect(await axeViolations(invitee)).toEqual([]);
    await invitee.getByRole('main').getByRole('link', { name: m.Invitation.signUp }).click();
    const form = invitee.getByRole('form', { name: m.Auth.signup.title });
    await form.getByLabel(m.Auth.fields.email).fill(email);
    await form.getByLabel(m.Auth.fields.password, { exact: true }).fill('secret-123');
    await form.getByLabel(m.Auth.fields.confirm).fill('secret-123');
    await form.getByRole('button', { name: m.Auth.signup.submit }).click();
    await expect(invitee).toHaveURL(/verify-email$/);
    await invitee.goto(`/mailbox?to=${encodeURIComponent(email)}`);
    await invitee.getByRole('link', { name: m.Mailbox.actions.verifyEmail }).first().click();
    await expect(invitee.getByRole('main').getByRole('status')).toHaveText(m.Auth.verify.verified);

    await invitee.goto(path);
    await invitee.getByRole('button', { name: m.Invitation.accept }).click();
    await expect(invitee).toHaveURL(/\/dashboard\/members$/);
    const list = invitee.getByRole('table', { name: m.Dashboard.members.list });
    await expect(list.getByRole('row').filter({ hasText: email })).toContainText(m.Dashboard.members.roles.agent);
    expect(await axeViolations(invitee)).toEqual([]);
    await invitee.context().close();
  });

  test(`${locale}: an existing account accepts, and its inbox stops at once when the owner removes it`, async ({
    page,
    browser,
  }) => {
    await signIn(page, uniqueEmail('owner'), locale);
    await teamWithWidget(page, `Team ${locale}`);
    const agentPage = await newPage(browser);
    const agent = await createAccount(agentPage.request, uniqueEmail('agent'));
    await verifyAddress(agentPage.request, agent.uid);
    await signInThroughForm(agentPage, agent, locale);
    await inviteThroughForm(page, locale, agent.email, 'agent');

    await agentPage.goto(await invitationLink(agentPage, agent.email));
    await agentPage.getByRole('button', { name: m.Invitation.accept }).click();
    await expect(agentPage).toHaveURL(/\/dashboard\/members$/);
    await agentPage.goto(localized('/dashboard/inbox', locale));
    await expect(agentPage.getByText(m.Dashboard.inbox.noWidget)).toHaveCount(0);

    const members = m.Dashboard.members;
    await page.goto(localized('/dashboard/members', locale));
    const name = members.removeName.replace('{name}', agent.email);
    await page.getByRole('button', { name }).click();
    await page.getByRole('group', { name }).getByRole('button', { name: members.remove }).click();
    await expect(page.getByText(members.removed)).toBeVisible();
    // The agent did nothing: the stream's end reloads the inbox, now of their own workspace (no widget).
    await expect(agentPage.getByText(m.Dashboard.inbox.noWidget)).toBeVisible();
    await agentPage.context().close();
  });
}
