// A workspace's inbox at scale for `BENCH_ONLY=inbox` (issue 39): `conversations` conversations of one
// widget with `perConversation` messages each, written by set-based SQL (generate_series), so that 100,000
// conversations and 1,000,000 messages take minutes on PGlite and PostgreSQL alike. Texts are drawn from
// German and English support phrases by hashes of the row's numbers: the same database every run.

const GERMAN = `Rechnung Rechnungen Zahlung bezahlt Abonnement kündigen Passwort zurücksetzen Anmeldung funktioniert
  nicht Widget installieren Webseite Fehler Lieferung Paket Bestellung storniert Hilfe bitte danke heute morgen
  Konto gesperrt Adresse ändern Preis Rabatt Gutschein Support Antwort Frage Problem gelöst schnell`.split(/\s+/);
const ENGLISH = `invoice invoices payment paid subscription cancel password reset login does not work widget
  install website error delivery parcel order cancelled help please thanks today tomorrow account locked
  address change price discount coupon support answer question problem solved quickly`.split(/\s+/);
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas', 'Lena', 'Max'];
const LAST = ['Schmidt', 'Müller', 'Weber', 'Fischer', 'Meyer', 'Wagner', 'Smith', 'Brown', 'Taylor', 'Wilson'];

const BUSINESS_HOURS = {
  timeZone: 'Europe/Berlin',
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, { from: '09:00', to: '17:00' }])),
};

const literal = (words) => `array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`;
/** A version-4-shaped uuid from the md5 of `key` (the API's ids are strict RFC 9562 uuids). */
const uuidOf = (key) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;
/** A pseudo-random number in [0, n) from the hash of `key` (an SQL text expression). */
const pick = (key, n) => `(abs(hashtext(${key})) % ${n})`;

/**
 * The statements, in order, for a widget of a workspace (literals: PGlite's `exec` takes no parameters).
 * A conversation's id is a uuid made of the md5 of its number; messages alternate visitor and operator, a minute
 * apart, conversations ten minutes apart, the newest now; 60% of them closed, after their last message and up to
 * 49 minutes more (the reports' resolution times).
 */
export function seedStatements({ workspaceId, widgetId }, conversations, perConversation) {
  const widget = `'${widgetId.replace(/'/g, "''")}'`;
  const workspace = `'${workspaceId.replace(/'/g, "''")}'::uuid`;
  const visitors = Math.ceil(conversations / 2);
  const start = `now() - interval '${conversations * 10} minutes'`;
  const text = (seed) => `(select string_agg(case when ${pick(`${seed} || ':lang'`, 3)} = 0
      then (${literal(ENGLISH)})[1 + ${pick(`${seed} || ':' || k`, ENGLISH.length)}]
      else (${literal(GERMAN)})[1 + ${pick(`${seed} || ':' || k`, GERMAN.length)}] end, ' ')
    from generate_series(1, 4 + ${pick(`${seed} || ':n'`, 12)}) k)`;
  return [
    `insert into visitors (id, widget_id, name, email, locale, created_at, last_seen_at)
      select 'bench-v-' || v, ${widget},
        (${literal(FIRST)})[1 + v % ${FIRST.length}] || ' ' || (${literal(LAST)})[1 + (v / ${FIRST.length}) % ${LAST.length}],
        case when v % 4 = 0 then 'visitor' || v || '@example.com' end,
        case when v % 3 = 0 then 'en' else 'de' end, ${start}, now()
      from generate_series(1, ${visitors}) v`,
    `insert into conversations (id, widget_id, workspace_id, visitor_id, status, request_key, locale, created_at,
        last_message_at, closed_at)
      select ${uuidOf("'bench-c-' || c")}, ${widget}, ${workspace}, 'bench-v-' || (1 + c % ${visitors}),
        case when c % 5 < 3 then 'closed' else 'open' end, 'bench-' || c,
        case when (1 + c % ${visitors}) % 3 = 0 then 'en' else 'de' end,
        ${start} + c * interval '10 minutes', ${start} + c * interval '10 minutes',
        case when c % 5 < 3 then ${start} + c * interval '10 minutes' + (${perConversation} + c % 50) * interval '1 minute' end
      from generate_series(1, ${conversations}) c`,
    `insert into conversation_messages (conversation_id, widget_id, sender, author_name, body, created_at)
      select ${uuidOf("'bench-c-' || c")}, ${widget}, case when m % 2 = 1 then 'visitor' else 'operator' end,
        case when m % 2 = 0 then 'Bench operator' end, ${text(`c || ':' || m`)},
        ${start} + c * interval '10 minutes' + m * interval '1 minute'
      from generate_series(1, ${conversations}) c, generate_series(1, ${perConversation}) m
      order by c, m`,
    `update conversations c set last_message_id = last.id, last_message_at = last.created_at,
        last_message_preview = left(last.body, 140), last_sender = last.sender
      from (select distinct on (conversation_id) conversation_id, id, created_at, body, sender
        from conversation_messages where widget_id = ${widget} order by conversation_id, id desc) last
      where c.id = last.conversation_id`,
    // Weekday opening hours, so that the reports measure their business-hours figures too.
    `update widgets set business_hours = '${JSON.stringify(BUSINESS_HOURS)}'::jsonb where id = ${widget}`,
    'analyze',
  ];
}
