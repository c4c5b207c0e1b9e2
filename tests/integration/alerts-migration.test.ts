// The migration that moves e-mail alerts from the widget's address to each operator's preference (issue 36,
// point 5): an owner who had turned every widget's address off keeps getting no e-mail; everyone else is
// mailed at once, at their own address, as before.
import { foldersAround, migratingPglite } from './migrations';

it('keeps "no e-mail" for owners whose widgets had no address, and mails the others at once', async () => {
  const folders = foldersAround('_operator_alerts');
  const { client, migrateTo } = await migratingPglite();
  try {
    await migrateTo(folders.before);
    // Each owner's personal workspace (as the workspaces' migration made them), and the support workspace.
    for (const uid of ['quiet', 'mixed', 'mailed']) {
      await client.query(`insert into workspaces (id, name, personal_of) values (gen_random_uuid(), 'Personal', $1)`, [
        uid,
      ]);
      await client.query(
        `insert into workspace_members (workspace_id, uid, role)
         select id, $1, 'owner' from workspaces where personal_of = $1`,
        [uid],
      );
    }
    await client.query(
      `insert into workspaces (id, name, system_key) values (gen_random_uuid(), 'Plauder', 'support')`,
    );
    const widget = (id: string, owner: string | null, address: string | null) =>
      client.query(
        `insert into widgets (id, workspace_id, name, allowed_origins, accent_color, locale, request_key, notify_email)
         select $1, id, $1, '[]', '#4338ca', 'en', $1, $3 from workspaces
         where personal_of = $2 or ($2::text is null and system_key = 'support')`,
        [id, owner, address],
      );
    await widget('quiet-1', 'quiet', null);
    await widget('quiet-2', 'quiet', null);
    await widget('mixed-1', 'mixed', null);
    await widget('mixed-2', 'mixed', 'team@example.com');
    await widget('mailed', 'mailed', 'owner@example.com');
    await widget('support', null, null);
    await client.query(`insert into profiles (uid, theme) values ('quiet', 'dark')`);

    await migrateTo(folders.after);
    const { rows } = await client.query<{ uid: string; email_alerts: string; theme: string }>(
      'select uid, email_alerts, theme from profiles order by uid',
    );
    expect(rows).toEqual([{ uid: 'quiet', email_alerts: 'never', theme: 'dark' }]);
  } finally {
    await client.close();
    folders.cleanUp();
  }
});
