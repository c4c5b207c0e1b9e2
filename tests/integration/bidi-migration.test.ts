// The migration that takes bidirectional controls out of text stored before the input schemas stripped them:
// a message, a visitor's name and a page address of a conversation, as an older release stored them.
import { foldersAround, migratingPglite } from './migrations';

it('strips bidirectional controls from stored conversations, and leaves a name of nothing but them empty', async () => {
  const folders = foldersAround('_strip_bidi_controls');
  const { client, migrateTo } = await migratingPglite();
  try {
    await migrateTo(folders.before);
    await client.query(
      `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key)
       values ('w', 'owner', 'Help', '[]', '#4338ca', 'en', 'w')`,
    );
    await client.query(`insert into visitors (id, widget_id, name) values ('v1', 'w', $1), ('v2', 'w', $2)`, [
      'Ev\u202Ee',
      '\u202E\u2066',
    ]);
    await client.query(
      `insert into conversations (id, widget_id, visitor_id, request_key, locale, page_url, last_message_preview)
       values ('00000000-0000-4000-8000-000000000001', 'w', 'v1', 'k', 'en', $1, $2)`,
      ['https://shop.example.com/?q=\u202Etxt.exe', 'See \u202Efdp.exe'],
    );
    await client.query(
      `insert into conversation_messages (conversation_id, widget_id, sender, author_name, body)
       values ('00000000-0000-4000-8000-000000000001', 'w', 'operator', $1, $2),
              ('00000000-0000-4000-8000-000000000001', 'w', 'visitor', null, $3)`,
      ['An\u2067na\u2069', 'See \u202Efdp.exe', 'right-to-left marks stay: \u200F\u05E9\u05DC\u05D5\u05DD\u200E'],
    );

    await migrateTo(folders.after);
    const visitors = await client.query('select id, name from visitors order by id');
    expect(visitors.rows).toEqual([
      { id: 'v1', name: 'Eve' },
      { id: 'v2', name: null },
    ]);
    const conversations = await client.query('select page_url, last_message_preview from conversations');
    expect(conversations.rows).toEqual([
      { page_url: 'https://shop.example.com/?q=txt.exe', last_message_preview: 'See fdp.exe' },
    ]);
    const messages = await client.query('select author_name, body from conversation_messages order by id');
    expect(messages.rows).toEqual([
      { author_name: 'Anna', body: 'See fdp.exe' },
      { author_name: null, body: 'right-to-left marks stay: \u200F\u05E9\u05DC\u05D5\u05DD\u200E' },
    ]);
  } finally {
    await client.close();
    folders.cleanUp();
  }
});
