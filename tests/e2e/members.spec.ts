// Members and invitations (issue 36, point 2), in both languages: the owner invites by e-mail from the Members
// page, the link from /mailbox is accepted by a new sign-up and by an existing account, and a member the owner
// removes loses the inbox at once. The new screens are axe clean.
import { axeViolations, expect, localized, localesUnderTest, messages, test } from './fixtures';
import { createAccount, signIn, signInThroughForm, uniqueEmail } from './auth';
import { invitationLink, inviteThroughForm, newPage, teamWithWidget, verifyAddress } from './teams';

for (const locale of localesUnderTest) {
  const m = messages[locale];

  test(`${locale}: a new sign-up accepts the mailed invitation and joins as agent`, async ({ page, browser }) => {
    // Two accounts, a sign-up and five axe scans: about 30 s with two workers on a shared machine.
    test.setTimeout(90_000);
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
    // The sign-up starts with the invited address and comes back to the invitation once verified.
    const form = invitee.getByRole('form', { name: m.Auth.signup.title });
    await expect(form.getByLabel(m.Auth.fields.email)).toHaveValue(email);
    expect(await axeViolations(invitee)).toEqual([]);
    await form.getByLabel(m.Auth.fields.password, { exact: true }).fill('secret-123');
    await form.getByLabel(m.Auth.fields.confirm).fill('secret-123');
    await form.getByRole('button', { name: m.Auth.signup.submit }).click();
    await expect(invitee).toHaveURL(new RegExp(`verify-email\\?redirect=${encodeURIComponent(path)}$`));
    await expect(invitee.getByRole('main').getByRole('link', { name: m.Auth.verify.backToLogin })).toHaveAttribute(
      'href',
      `${localized('/login', locale)}?redirect=${encodeURIComponent(path)}`,
    );
    // Who verifies in another tab can go on from this one too.
    await expect(invitee.getByRole('main').getByRole('link', { name: m.Auth.verify.continue })).toHaveAttribute(
      'href',
      path,
    );

    // The mail's link, opened in another tab as a mail client would, leads back to the invitation.
    const tab = await invitee.context().newPage();
    await tab.goto(`/mailbox?to=${encodeURIComponent(email)}`);
    await tab.getByRole('link', { name: m.Mailbox.actions.verifyEmail }).first().click();
    await expect(tab.getByRole('main').getByRole('status')).toHaveText(m.Auth.verify.verified);
    expect(await axeViolations(tab)).toEqual([]);
    await tab.getByRole('main').getByRole('link', { name: m.Auth.verify.continue }).click();
    await expect(tab).toHaveURL(new RegExp(`${path}$`));
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      m.Invitation.title.replace('{workspace}', `Acme ${locale}`),
    );
    await tab.getByRole('button', { name: m.Invitation.accept }).click();
    await expect(tab).toHaveURL(/\/dashboard\/members$/);
    const list = tab.getByRole('table', { name: m.Dashboard.members.list });
    await expect(list.getByRole('row').filter({ hasText: email })).toContainText(m.Dashboard.members.roles.agent);
    // A client navigation: the page's title can follow its content; axe wants it.
    await expect(tab).toHaveTitle(`${m.Metadata.members.title} · Plauder`);
    expect(await axeViolations(tab)).toEqual([]);
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

// The sign-up's `redirect` and the verification link's `continueUrl` lead only to this site: another origin,
// a protocol-relative or encoded path, is ignored and the pages offer their usual ways on.
test('the sign-up and the verify-email page ignore a way on to another site', async ({ page }) => {
  const { Auth } = messages.en;
  const foreign = ['//evil.example/x', '/%2F%2Fevil.example', 'https://evil.example/invitations/x', '/\\evil.example'];
  for (const redirect of foreign) {
    await page.goto(`/signup?${new URLSearchParams({ redirect, email: 'not an address' })}`);
    const form = page.getByRole('form', { name: Auth.signup.title });
    await expect(form.getByLabel(Auth.fields.email)).toHaveValue('');
    await expect(page.getByRole('main').getByRole('link', { name: Auth.signup.loginLink })).toHaveAttribute(
      'href',
      '/login',
    );
    await page.goto(`/verify-email?${new URLSearchParams({ redirect })}`);
    await expect(page.getByRole('main').getByRole('link', { name: Auth.verify.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  }
  // A same-origin one is kept, the way the invitation page's link gives it.
  await page.goto(`/signup?${new URLSearchParams({ redirect: '/invitations/x', email: 'ada@example.com' })}`);
  await expect(page.getByRole('form', { name: Auth.signup.title }).getByLabel(Auth.fields.email)).toHaveValue(
    'ada@example.com',
  );
  await expect(page.getByRole('main').getByRole('link', { name: Auth.signup.loginLink })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent('/invitations/x')}`,
  );
});

// The prefilled address stays editable: an account with another one comes back to the invitation too, which
// then explains whom it is for instead of offering to accept.
test('a sign-up from an invitation with another address comes back to its explanation', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const m = messages.en;
  await signIn(page, uniqueEmail('owner'), 'en');
  await teamWithWidget(page, 'Other address');
  const invited = uniqueEmail('invited');
  await inviteThroughForm(page, 'en', invited, 'agent');

  const invitee = await newPage(browser);
  const path = await invitationLink(invitee, invited);
  await invitee.goto(path);
  await invitee.getByRole('main').getByRole('link', { name: m.Invitation.signUp }).click();
  const form = invitee.getByRole('form', { name: m.Auth.signup.title });
  const other = uniqueEmail('other');
  await form.getByLabel(m.Auth.fields.email).fill(other);
  await form.getByLabel(m.Auth.fields.password, { exact: true }).fill('secret-123');
  await form.getByLabel(m.Auth.fields.confirm).fill('secret-123');
  await form.getByRole('button', { name: m.Auth.signup.submit }).click();
  await expect(invitee).toHaveURL(/verify-email\?redirect=/);
  await invitee.goto(`/mailbox?to=${encodeURIComponent(other)}`);
  await invitee.getByRole('link', { name: m.Mailbox.actions.verifyEmail }).first().click();
  await expect(invitee.getByRole('main').getByRole('status')).toHaveText(m.Auth.verify.verified);
  await invitee.getByRole('main').getByRole('link', { name: m.Auth.verify.continue }).click();
  await expect(invitee).toHaveURL(new RegExp(`${path}$`));
  await expect(invitee.getByRole('main')).toContainText(
    m.Invitation.otherAddress.replace('{current}', other).replace('{email}', invited),
  );
  await expect(invitee.getByRole('button', { name: m.Invitation.accept })).toHaveCount(0);
  await invitee.context().close();
});
