// The migration of satisfaction ratings (issue 39, point 6): every widget asks by default, and the conversations
// closed before it keep their assignee as the one a later rating is about.
import { foldersAround, migratingPglite } from './migrations';

it('records the assignee of the conversations closed before it, and makes every widget ask', async () => {
  const folders = foldersAround('_ratings');
  const { client, migrateTo } = await migratingPglite();
  try {
    await migrateTo(folders.before);
    const {
      rows: [workspace],
    } = await client.query<{ id: string }>(`insert into workspaces (name) values ('Shop') returning id`);
    await client.query(
      `insert into widgets (id, workspace_id, name, allowed_origins, accent_color, locale, request_key)
       values ('w1', $1, 'Help', '[]', '#4338ca', 'en', 'w1')`,
      [workspace.id],
    );
    await client.query(`insert into visitors (id, widget_id) values ('v1', 'w1')`);
    const conversation = (key: string, status: string, assignee: string | null) =>
      client.query(
        `insert into conversations (widget_id, workspace_id, visitor_id, status, request_key, locale, assignee_uid)
         values ('w1', $4, 'v1', $1, $2, 'en', $3)`,
        [status, key, assignee, workspace.id],
      );
    await conversation('closed', 'closed', 'ada');
    await conversation('open', 'open', 'bob');
    await conversation('nobody', 'closed', null);

    await migrateTo(folders.through);
    const { rows } = await client.query<{ request_key: string; closed_assignee_uid: string | null }>(
      'select request_key, closed_assignee_uid from conversations order by request_key',
    );
    expect(rows).toEqual([
      { request_key: 'closed', closed_assignee_uid: 'ada' },
      { request_key: 'nobody', closed_assignee_uid: null },
      { request_key: 'open', closed_assignee_uid: null },
    ]);
    const { rows: widgets } = await client.query<{ ask_rating: boolean }>('select ask_rating from widgets');
    expect(widgets).toEqual([{ ask_rating: true }]);
  } finally {
    await client.close();
    folders.cleanUp();
  }
});
