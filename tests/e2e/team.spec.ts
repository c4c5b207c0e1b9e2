// A team answers together (issue 36, the Tests section), in both languages: three browser contexts (the owner,
// agents A and B) and visitors on a host page of another loopback port. The owner invites A and B by e-mail and
// both accept through the mailed link; the members page shows them available; auto-assignment gives new
// conversations out in turn; A claims an unassigned one while B sees it taken (B's claim: 409 naming A); A
// closes one of two tabs and the widget stays online; with A's tab hidden, a message of A's conversation
// shows a desktop notification and counts in the title, while B (alerted for theirs and unassigned ones)
// gets none; the owner removes B and B's inbox stops at once. Axe clean on the new screens.
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { axeViolations, expect, localized, localesUnderTest, messages, test } from './fixtures';
import { createAccount, signIn, signInThroughForm, uniqueEmail } from './auth';
import { hostSite, snippet, visitor } from './host-site';
import {
  invitationLink,
  inviteThroughForm,
  newPage,
  recordAlerts,
  setHidden,
  teamWithWidget,
  verifyAddress,
} from './teams';

const headers = { origin: baseURL };
type View = { id: string; lastMessagePreview: string; assignee: { uid: string; name: string } | null };

for (const locale of localesUnderTest) {
  const m = messages[locale];
  const w = m.Widget;
  const inbox = m.Dashboard.inbox;
  const members = m.Dashboard.members;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`${locale}: a team of three answers the visitors of one widget together`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const site = await hostSite();
    const guests: Array<Awaited<ReturnType<typeof visitor>>> = [];
    try {
      await signIn(page, uniqueEmail('owner'), locale);
      const { workspaceId, widgetId } = await teamWithWidget(page, `Crew ${locale}`, {
        name: 'Shop help',
        allowedOrigins: [site.origin],
        locale,
        autoAssign: true,
        assignCapacity: 1,
      });
      site.setPage({ body: snippet(widgetId), lang: locale });
      const api = `/api/workspaces/${workspaceId}`;
      // The owner stays away: the conversations go to the agents.
      expect((await page.request.put(`${api}/presence`, { data: { status: 'away' }, headers })).status()).toBe(200);

      // A and B: verified accounts, invited through the Members page, accepting the mailed link.
      const agents: Array<{ page: Page; email: string; uid: string }> = [];
      for (const prefix of ['agent-a', 'agent-b']) {
        const agentPage = await newPage(browser);
        await agentPage.context().grantPermissions(['notifications'], { origin: baseURL });
        await agentPage.addInitScript(recordAlerts);
        const account = await createAccount(agentPage.request, uniqueEmail(prefix));
        await verifyAddress(agentPage.request, account.uid);
        await signInThroughForm(agentPage, account, locale);
        await inviteThroughForm(page, locale, account.email, 'agent');
        await agentPage.goto(await invitationLink(agentPage, account.email));
        await agentPage.getByRole('button', { name: m.Invitation.accept }).click();
        await expect(agentPage).toHaveURL(/\/dashboard\/members$/);
        agents.push({ page: agentPage, email: account.email, uid: account.uid });
      }
      const [a, b] = agents;

      // The members page shows each state, live: the agents' open dashboards make them available.
      await page.goto(localized('/dashboard/members', locale));
      const table = page.getByRole('table', { name: members.list });
      for (const agent of agents)
        await expect(table.getByRole('row').filter({ hasText: agent.email })).toContainText(members.states.available);
      await expect(table.getByRole('row').filter({ hasText: members.you })).toContainText(members.states.away);
      expect(await axeViolations(page)).toEqual([]);
      for (const agent of agents) {
        await agent.page.goto(localized('/dashboard/inbox', locale));
        await expect(agent.page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
      }
      expect(await axeViolations(a.page)).toEqual([]);

      async function write(text: string, guest?: (typeof guests)[number]) {
        if (!guest) {
          guest = await visitor(browser, site.origin);
          await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
          guests.push(guest);
        }
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(text);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log', { name: w.messages })).toContainText(text);
        return guest;
      }
      const mine = async (agent: typeof a) => {
        const response = await agent.page.request.get(`${api}/inbox?view=mine&status=open`);
        expect(response.status()).toBe(200);
        return ((await response.json()).conversations as View[]).map((entry) => entry.lastMessagePreview);
      };

      // Auto-assignment in turn: the first conversation to one agent, the second to the other.
      const first = `First question ${Date.now()}`;
      const second = `Second question ${Date.now()}`;
      await write(first);
      await expect.poll(async () => [...(await mine(a)), ...(await mine(b))]).toEqual([first]);
      const firstTo = (await mine(a)).length === 1 ? a : b;
      const other = firstTo === a ? b : a;
      await write(second);
      await expect.poll(() => mine(other)).toEqual([second]);
      const list = other.page.getByRole('navigation', { name: inbox.list });
      await expect(list.getByRole('button', { name: second }).getByTestId('list-assignee')).toHaveText(
        inbox.assignment.you,
      );

      // Both are full (capacity 1): the third waits unassigned. B opens it; A takes it; B sees who did.
      const third = `Third question ${Date.now()}`;
      await write(third);
      const bList = b.page.getByRole('navigation', { name: inbox.list });
      await bList.getByRole('button', { name: third }).click();
      const bThread = b.page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await expect(bThread.getByTestId('assignee')).toHaveText(inbox.assignment.nobody);
      await a.page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: third }).click();
      const aThread = a.page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await aThread.getByRole('button', { name: inbox.assignment.claim }).click();
      await expect(aThread.getByTestId('assignee')).toHaveText(`${inbox.assignment.assignee}: ${inbox.assignment.you}`);
      await expect(bThread.getByTestId('assignee')).toHaveText(`${inbox.assignment.assignee}: ${a.email}`);
      await expect(bThread.getByRole('button', { name: inbox.assignment.claim })).toBeDisabled();
      const cid = new URL(a.page.url()).searchParams.get('conversation');
      const late = await b.page.request.post(`${api}/inbox/${cid}/claim`, { headers });
      expect(late.status()).toBe(409);
      const { error } = await late.json();
      expect(error).toMatchObject({
        code: 'alreadyAssigned',
        message: fill(m.Api.errors.alreadyAssigned, { name: a.email }),
      });

      // A closes one of two tabs: the widget stays online, and the members page still says available.
      const aSecond = await a.page.context().newPage();
      await aSecond.goto(localized('/dashboard/inbox', locale));
      await expect(aSecond.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
      await aSecond.close();
      await expect(guests[0].widget.getByText(w.available)).toBeVisible();
      await page.reload();
      await expect(table.getByRole('row').filter({ hasText: a.email })).toContainText(members.states.available);

      // A's tab in the background: a message of A's conversation notifies A and counts in the title; B, who
      // is alerted for theirs and unassigned ones, sees it in the list but gets no notification.
      const aTitle = await a.page.title();
      for (const agent of agents) await agent.page.evaluate(setHidden, true);
      await b.page.getByLabel(inbox.views.label).selectOption('all');
      const aGuest = guests[firstTo === a ? 0 : 1];
      const followUp = `Are you still there? ${Date.now()}`;
      await write(followUp, aGuest);
      await expect(a.page).toHaveTitle(`(1) ${aTitle}`);
      await expect
        .poll(() => a.page.evaluate(() => window.__alerts.notifications.map((shown) => shown.body)))
        .toEqual([followUp]);
      await expect(bList.getByRole('button', { name: followUp })).toBeVisible();
      expect(await b.page.evaluate(() => window.__alerts.notifications)).toEqual([]);

      // The owner removes B: B's inbox stops at once (the dashboard falls back to B's own workspace).
      const name = fill(members.removeName, { name: b.email });
      await page.getByRole('button', { name }).click();
      await page.getByRole('group', { name }).getByRole('button', { name: members.remove }).click();
      await expect(page.getByText(members.removed)).toBeVisible();
      await expect(b.page.getByText(inbox.noWidget)).toBeVisible();
      for (const agent of agents) await agent.page.context().close();
    } finally {
      for (const guest of guests) await guest.context.close();
      await site.close();
    }
  });
}
