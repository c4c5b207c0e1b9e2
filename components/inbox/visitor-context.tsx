'use client';

import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { $fetch } from 'ofetch';
import type { VisitorContextView, VisitorDetails } from '@/lib/conversations/constants';
import type { Messages } from '@/lib/i18n/slices';

type Labels = Messages['Dashboard']['inbox']['context'];

/** How often the visitor's clock moves on: it shows minutes, so a few ticks a minute keep it right. */
const CLOCK_TICK_MS = 10_000;

/** A link to a page of the visitor's, in a new tab that learns nothing of the inbox; only web addresses are links. */
function PageLink({ url, text, labels }: { url: string; text: string; labels: Labels }) {
  if (!/^https?:\/\//i.test(url)) return <span className="break-all">{text}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      className="text-brand-700 underline underline-offset-2"
    >
      {text}
      <span className="sr-only">{labels.newTab}</span>
    </a>
  );
}

/** The time where the visitor is (their time zone, as their browser names it), moving on while it is shown. */
export function LocalTime({ timeZone, locale }: { timeZone: string; locale: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit' });
    } catch {
      // A zone this browser does not know: none rather than the operator's own time under the visitor's name.
      return null;
    }
  }, [timeZone, locale]);
  if (!format) return <>{timeZone}</>;
  return (
    <>
      {format.format(now)} <span className="text-slate-700">({timeZone.replace(/_/g, ' ')})</span>
    </>
  );
}

/**
 * The visitor's context in the thread's header: where they came from, their browser, system and local time (from
 * the inbox entry), the pages they viewed, newest first, and their conversations, each a link that opens it here.
 * Pages and conversations are loaded for the visitor, again whenever their widget reports another page.
 */
export function VisitorContext({
  api,
  visitor,
  conversationId,
  onOpen,
  labels,
  locale,
}: {
  /** GET /api/workspaces/:wid/visitors/:vid. */
  api: string;
  visitor: Pick<VisitorDetails, 'referrer' | 'browser' | 'os' | 'timeZone' | 'pageAt'>;
  /** The conversation shown, marked in the list. */
  conversationId: string;
  onOpen: (id: string) => void;
  labels: Labels;
  locale: string;
}) {
  const [context, setContext] = useState<VisitorContextView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    $fetch<VisitorContextView>(api)
      .then((answer) => current && (setContext(answer), setFailed(false)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [api, visitor.pageAt]);
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);

  /** Opens a conversation here; a click that asks for another tab or window is the browser's. */
  const open = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(id);
  };

  return (
    <section aria-labelledby={`context-${conversationId}`} className="mt-2 text-sm text-slate-800">
      <h3 id={`context-${conversationId}`} className="font-semibold text-slate-900">
        {labels.title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="text-slate-700">{labels.referrer}</dt>
        <dd className="truncate">
          {visitor.referrer ? (
            <PageLink url={visitor.referrer} text={visitor.referrer} labels={labels} />
          ) : (
            labels.direct
          )}
        </dd>
        <dt className="text-slate-700">{labels.browser}</dt>
        <dd>{visitor.browser ?? labels.unknown}</dd>
        <dt className="text-slate-700">{labels.os}</dt>
        <dd>{visitor.os ?? labels.unknown}</dd>
        <dt className="text-slate-700">{labels.localTime}</dt>
        <dd>{visitor.timeZone ? <LocalTime timeZone={visitor.timeZone} locale={locale} /> : labels.unknown}</dd>
      </dl>
      {failed && (
        <p role="alert" className="mt-1 text-red-700">
          {labels.loadError}
        </p>
      )}
      {context && (
        <>
          <h4 className="mt-2 font-semibold text-slate-900">{labels.pages}</h4>
          {context.pages.length ? (
            <ol aria-label={labels.pages} className="max-h-40 space-y-0.5 overflow-y-auto">
              {context.pages.map((page) => (
                <li key={page.url} className="truncate">
                  <time dateTime={page.at} className="mr-2 text-slate-700">
                    {date.format(new Date(page.at))}
                  </time>
                  <PageLink url={page.url} text={page.title || page.url} labels={labels} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-700">{labels.noPages}</p>
          )}
          <h4 className="mt-2 font-semibold text-slate-900">{labels.conversations}</h4>
          <ul aria-label={labels.conversations} className="space-y-0.5">
            {context.conversations.map((conversation) => (
              <li key={conversation.id} className="truncate">
                <a
                  href={`?conversation=${encodeURIComponent(conversation.id)}`}
                  aria-current={conversation.id === conversationId ? 'page' : undefined}
                  onClick={open(conversation.id)}
                  className="text-brand-700 underline underline-offset-2 aria-[current=page]:font-semibold aria-[current=page]:no-underline"
                >
                  {date.format(new Date(conversation.createdAt))}
                  {conversation.id === conversationId && ` (${labels.current})`}
                </a>{' '}
                <span className="text-slate-700">
                  {conversation.widget} · {conversation.lastMessagePreview}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
