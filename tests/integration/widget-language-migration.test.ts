// The migration that makes widgets follow their visitors (issue 33): new widgets by default, and the widgets
// made before it too.
import { foldersAround, migratingPglite } from './migrations';

it('makes the widgets made before follow their visitors, and new ones by default', async () => {
  const folders = foldersAround('_widget_follows_visitor');
  const { client, migrateTo } = await migratingPglite();
  try {
    await migrateTo(folders.before);
    const insert = (id: string, follows?: boolean) =>
      client.query(
        `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key${follows === undefined ? '' : ', follow_page_language'})
         values ($1, 'owner', $1, '[]', '#4338ca', 'en', $1${follows === undefined ? '' : ', $2'})`,
        follows === undefined ? [id] : [id, follows],
      );
    await insert('untouched');
    await insert('ticked', true);
    await insert('unticked', false);

    await migrateTo(folders.through);
    await insert('new');
    const { rows } = await client.query<{ id: string; follow_page_language: boolean }>(
      'select id, follow_page_language from widgets order by id',
    );
    expect(rows).toEqual([
      { id: 'new', follow_page_language: true },
      { id: 'ticked', follow_page_language: true },
      { id: 'unticked', follow_page_language: true },
      { id: 'untouched', follow_page_language: true },
    ]);
  } finally {
    await client.close();
    folders.cleanUp();
  }
});
