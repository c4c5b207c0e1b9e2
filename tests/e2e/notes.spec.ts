// Private notes and @mentions in the inbox (issue 39, point 2), in both languages: the owner of a team writes a
// note in a thread through the "Note" switch, mentioning an agent picked from the @ list; the visitor's widget,
// open in another page, never shows it while a reply does arrive; the agent, alerted for their own conversations
// only and with the tab hidden, gets the sound and "X mentioned you in a note" all the same. Axe clean.
import { baseURL } from '../../playwright.config';
import { axeViolations, expect, localized, localesUnderTest, messages, test } from './fixtures';
import { signIn, uniqueEmail } from './auth';
import { DEFAULT_SETTINGS } from '../support/settings';
import { hostSite, snippet, visitor } from './host-site';
import { joinedAgent, recordAlerts, setHidden, teamWithWidget } from './teams';

for (const locale of localesUnderTest) {
  const m = messages[locale];
  const w = m.Widget;
  const inbox = m.Dashboard.inbox;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`${locale}: a note stays with the team and its mention alerts the teammate`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const site = await hostSite();
    try {
      const owner = await signIn(page, uniqueEmail('owner'), locale);
      const { widgetId } = await teamWithWidget(page, `Notes ${locale}`, {
        name: 'Shop help',
        allowedOrigins: [site.origin],
        locale,
      });
      site.setPage({ body: snippet(widgetId), lang: locale });

      // The agent joins through an invitation and waits on another dashboard page, tab hidden.
      const agent = await joinedAgent(page, browser, locale, async (agentPage) => {
        await agentPage.context().grantPermissions(['notifications'], { origin: baseURL });
        await agentPage.addInitScript(recordAlerts);
      });
      const agentPage = agent.page;
      // Alerted for their own conversations only: the owner's is none of theirs.
      const settings = { ...DEFAULT_SETTINGS, locale, alertScope: 'mine' };
      const saved = await agentPage.request.put('/api/settings', { headers: { origin: baseURL }, data: settings });
      expect(saved.status()).toBe(200);
      await agentPage.reload();
      await agentPage.locator('html[data-hydrated="true"]').waitFor();
      await agentPage.evaluate(setHidden, true);

      // A visitor writes; the owner opens the thread and takes it: no alert for the agent, either way.
      const guest = await visitor(browser, site.origin);
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const question = `Can I get a refund? ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(question);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log', { name: w.messages })).toContainText(question);
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
      await page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: question }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await thread.getByRole('button', { name: inbox.assignment.claim }).click();
      await expect(thread.getByTestId('assignee')).toHaveText(`${inbox.assignment.assignee}: ${inbox.assignment.you}`);
      expect(await agentPage.evaluate(() => [window.__alerts.plays, window.__alerts.notifications])).toEqual([[], []]);

      // "Reply | Note" from the keyboard: the note's field is yellow and says who sees it.
      const switcher = thread.getByRole('group', { name: inbox.composer.mode });
      await switcher.getByRole('radio', { name: inbox.composer.reply }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(switcher.getByRole('radio', { name: inbox.composer.note })).toBeChecked();
      const noteForm = thread.getByRole('form', { name: inbox.composer.note });
      await expect(noteForm).toContainText(inbox.composer.noteHint);
      // Amber-50, as Chromium writes Tailwind's colour.
      await expect(noteForm).toHaveCSS('background-color', 'lab(98.6252 -0.635922 8.42309)');
      const field = noteForm.getByRole('textbox', { name: new RegExp(inbox.composer.noteField) });
      await field.pressSequentially(`Approved by finance, @${agent.email.slice(0, 5)}`);
      const list = noteForm.getByRole('listbox', { name: inbox.composer.mentions });
      await expect(list.getByRole('option')).toHaveText([agent.email]);
      await field.press('Enter');
      await expect(field).toHaveValue(`Approved by finance, @${agent.email} `);
      const secret = `please send it. ${Date.now()}`;
      await field.pressSequentially(secret);
      await field.press('Enter');
      const noteCard = thread
        .getByRole('log')
        .getByRole('article', { name: `${inbox.composer.noteBadge}: ${owner.email}` });
      await expect(noteCard).toContainText(secret);
      await expect(field).toHaveValue('');
      expect(await axeViolations(page)).toEqual([]);

      // The agent: the sound and the desktop notification naming the owner, though it is not their conversation.
      await expect
        .poll(() => agentPage.evaluate(() => window.__alerts.notifications))
        .toEqual([
          {
            title: fill(m.Dashboard.alerts.mention, { name: owner.email }),
            body: `Approved by finance, @${agent.email} ${secret}`,
            tag: expect.stringMatching(/^note:[0-9a-f-]{36}$/),
          },
        ]);
      expect(await agentPage.evaluate(() => window.__alerts.plays.length)).toBe(1);

      // A reply reaches the visitor; the note never does.
      await switcher.getByRole('radio', { name: inbox.composer.note }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(switcher.getByRole('radio', { name: inbox.composer.reply })).toBeChecked();
      const answer = `Your refund is on its way. ${Date.now()}`;
      const replyForm = thread.getByRole('form', { name: inbox.reply });
      await replyForm.getByLabel(inbox.reply).fill(answer);
      await replyForm.getByRole('button', { name: inbox.send }).click();
      const widgetLog = guest.widget.getByRole('log', { name: w.messages });
      await expect(widgetLog).toContainText(answer);
      await expect(widgetLog).not.toContainText(secret);
      await expect(widgetLog).not.toContainText('finance');
      await guest.context.close();
      await agentPage.context().close();
    } finally {
      await site.close();
    }
  });
}
