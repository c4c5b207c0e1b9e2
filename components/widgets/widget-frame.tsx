'use client';

import { useEffect, useState } from 'react';
import { ChatRoom, type ChatLabels, type ChatViewer } from '@/components/chat/chat-room';
import { RESIZE_MESSAGE } from '@/lib/widgets/frame';

type FrameWidget = { id: string; name: string; greeting: string; allowedOrigins: string[] };

/**
 * The origin of the page that frames this one, when it is one of the widget's allowed origins (the
 * only pages the browser lets frame it); null otherwise, and then nothing is posted.
 */
function embeddingOrigin(allowed: string[]): string | null {
  if (window.parent === window) return null;
  const candidates = [window.location.ancestorOrigins?.[0]];
  try {
    if (document.referrer) candidates.push(new URL(document.referrer).origin);
  } catch {
    // No usable referrer.
  }
  return candidates.find((origin): origin is string => !!origin && allowed.includes(origin)) ?? null;
}

/**
 * The framed widget: a launcher button that opens the chat panel (`launcher`), or the panel alone
 * (`inline`, for a plain iframe and the dashboard's preview). Opening and closing asks the embedding
 * page, and only an allowed one, to resize the frame.
 */
export function WidgetFrame({
  widget,
  accent,
  mode,
  labels,
  chat,
  viewer,
  locale,
}: {
  widget: FrameWidget;
  accent: { background: string; text: string };
  mode: 'launcher' | 'inline';
  labels: { open: string; close: string };
  chat: ChatLabels;
  viewer: ChatViewer;
  locale: string;
}) {
  const [open, setOpen] = useState(mode === 'inline');

  useEffect(() => {
    if (mode === 'inline') return;
    const origin = embeddingOrigin(widget.allowedOrigins);
    if (origin) window.parent.postMessage({ type: RESIZE_MESSAGE, open }, origin);
  }, [open, mode, widget.allowedOrigins]);

  if (!open) {
    return (
      <main aria-label={widget.name}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={labels.open}
        style={{ backgroundColor: accent.background, color: accent.text }}
        className="fixed bottom-1 right-1 flex h-16 w-16 items-center justify-center rounded-full shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
      >
        <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
      </button>
      </main>
    );
  }

  return (
    <main aria-labelledby="widget-title" className="flex h-screen flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
      <header style={{ backgroundColor: accent.background, color: accent.text }} className="flex items-center justify-between gap-3 px-4 py-3">
        <h1 id="widget-title" className="truncate text-base font-semibold">
          {widget.name}
        </h1>
        {mode === 'launcher' && (
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label={labels.close}
            className="rounded p-1 focus-visible:outline-2 focus-visible:outline-current"
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </header>
      {widget.greeting && <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800">{widget.greeting}</p>}
      <ChatRoom room={widget.id} locale={locale} labels={chat} viewer={viewer} accent={accent} logClassName="min-h-32" />
    </main>
  );
}
