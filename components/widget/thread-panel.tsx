'use client';

import type { ReactNode } from 'react';
import type { VisitorConversationView } from '@/lib/conversations/constants';
import type { Messages } from '@/lib/i18n/slices';
import type { PageContext } from './start-conversation';
import type { useVisitorConversations } from './use-visitor-conversations';
import { VisitorThread } from './visitor-thread';
import type { WidgetConfig } from './widget-config';

/** The panel showing one conversation: the way back to the list, the away notice while it is open, the thread. */
export function ThreadPanel({
  widget,
  conversation,
  state,
  available,
  away,
  visible,
  labels,
  locale,
  page,
  onBack,
  onNewConversation,
}: {
  widget: WidgetConfig;
  conversation: VisitorConversationView;
  state: ReturnType<typeof useVisitorConversations>;
  available: boolean;
  /** The away notice (components/widget/presence-notice.tsx), shown while nobody is available. */
  away: ReactNode;
  /** Whether the visitor can see the thread now (the panel open, the page visible). */
  visible: boolean;
  labels: Messages['Widget'];
  locale: string;
  page: PageContext;
  onBack: () => void;
  onNewConversation: () => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={onBack}
        className="border-b border-slate-200 px-3 py-2 text-left text-sm font-medium text-brand-700 underline"
      >
        {labels.back}
      </button>
      {!available && conversation.status === 'open' && <div className="px-3 pt-2">{away}</div>}
      <VisitorThread
        key={conversation.id}
        session={state.session}
        conversation={conversation}
        messages={state.threads[conversation.id] ?? []}
        teamTyping={!!state.typing[conversation.id]}
        visitor={state.visitor}
        available={available}
        visible={visible}
        labels={labels}
        locale={locale}
        accent={widget.accent}
        page={page}
        loadOlder={(before) => state.loadThread(conversation.id, before)}
        onSent={(message) =>
          state.receive({
            message,
            conversation: { ...conversation, lastMessageAt: message.createdAt, lastMessagePreview: message.text },
          })
        }
        onNewConversation={onNewConversation}
        askRating={widget.askRating}
        onRated={() =>
          state.setConversations((list) => list.map((c) => (c.id === conversation.id ? { ...c, rated: true } : c)))
        }
      />
    </>
  );
}
