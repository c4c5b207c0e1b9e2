'use client';

import { useRef, useState } from 'react';
import type { MessageView, VisitorConversationView } from '@/lib/conversations/constants';
import type { PreChatMode } from '@/lib/db/schema/widget-settings';
import { Composer } from '@/components/conversations/composer';
import { WidgetApiError, type StartedVisitor, type VisitorSession } from './visitor-session';
import { ConsentLine } from './consent-line';
import { WidgetField } from './widget-forms';
import type { Messages } from '@/lib/i18n/slices';

export type PageContext = { url?: string; title?: string; referrer?: string };

/**
 * The first message of a new conversation, with what the pre-chat form asks for and the visitor has not
 * given yet (a name; a name and an address), under the owner's pre-chat note. When nobody is available the
 * address is asked for too, so that the answer can reach them. Before the visitor's first message the owner's
 * consent line says what sending means; the visitor is made on the server only when they send (`ensure`).
 */
export function StartConversation({
  session,
  ensure,
  visitor,
  preChat,
  note,
  consentUrl,
  available,
  labels,
  locale,
  page,
  onStarted,
}: {
  session: VisitorSession;
  ensure: () => Promise<void>;
  visitor: StartedVisitor;
  preChat: PreChatMode;
  note: string;
  /** The owner's privacy policy, linked before the visitor's first message; null: no consent line. */
  consentUrl: string | null;
  available: boolean;
  labels: Messages['Widget'];
  locale: string;
  page: PageContext;
  onStarted: (
    started: { conversation: VisitorConversationView; message: MessageView },
    details: { name?: string; email?: string },
  ) => void;
}) {
  const form = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const requestKey = useRef(crypto.randomUUID());
  const askName = preChat !== 'off' && !visitor.name;
  const askEmail = !visitor.email && (preChat === 'nameEmail' || !available);

  async function send(text: string): Promise<boolean> {
    const value = (name: string) =>
      (form.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? '').trim() || undefined;
    const details = {
      name: askName ? value('start-name') : undefined,
      email: askEmail ? value('start-email') : undefined,
    };
    setError(null);
    setFields({});
    try {
      await ensure();
      const started = await session.call<{ conversation: VisitorConversationView; message: MessageView }>(
        '/conversations',
        {
          method: 'POST',
          body: { text, ...details, locale, requestKey: requestKey.current, pageUrl: page.url, pageTitle: page.title },
        },
      );
      requestKey.current = crypto.randomUUID();
      onStarted(started, details);
      return true;
    } catch (caught) {
      const failure = caught instanceof WidgetApiError ? caught : null;
      setError(failure?.message ?? labels.errors.general);
      setFields(failure?.fields ?? {});
      return false;
    }
  }

  return (
    <section aria-label={labels.startTitle} className="flex min-h-0 flex-1 flex-col justify-end">
      {note && <p className="whitespace-pre-line px-3 pb-2 text-sm text-slate-800">{note}</p>}
      {(askName || askEmail) && (
        <div ref={form} className="space-y-2 px-3 pb-1">
          {askName && (
            <WidgetField
              id="start-name"
              label={labels.nameLabel}
              autoComplete="name"
              maxLength={60}
              required
              error={fields.name}
            />
          )}
          {askEmail && (
            <WidgetField
              id="start-email"
              label={preChat === 'nameEmail' ? labels.emailLabel : labels.emailOptional}
              type="email"
              autoComplete="email"
              required={preChat === 'nameEmail'}
              error={fields.email}
            />
          )}
        </div>
      )}
      <Composer
        id="start"
        labels={{ form: labels.composer, message: labels.message, send: labels.send, sending: labels.sending }}
        onSend={send}
        error={error}
        autoFocus
      />
      {consentUrl && <ConsentLine url={consentUrl} labels={labels} />}
    </section>
  );
}
