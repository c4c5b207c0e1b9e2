'use client';

import { cn } from '@/lib/cn';
import { fill } from '@/lib/i18n/slices';
import { AwayNotice } from './presence-notice';
import { StartConversation } from './start-conversation';
import { ConversationList } from './conversation-list';
import { ThreadPanel } from './thread-panel';
import { usePanelTheme } from './panel-theme';
import { useWidgetPanel, type WidgetProps } from './use-widget-panel';
import { WidgetHeader } from './widget-header';
import { WidgetLauncher } from './widget-launcher';
import { BlockedNotice } from './visitor-thread';

/**
 * The widget a visitor sees: a launcher that opens the panel (`launcher`), or the panel alone (`inline`
 * for a plain iframe, `page` for the link of an e-mail). The panel shows whether an operator is there,
 * the visitor's own conversations and one of them at a time, live. Opening and closing asks the
 * embedding page, and only an allowed one, to resize the frame.
 */
export function WidgetApp(props: WidgetProps) {
  const { widget, mode, locale, labels } = props;
  const { open, setOpen, view, setView, visible, context, state, available, unread, current, started, fullScreen } =
    useWidgetPanel(props);
  const theme = usePanelTheme(widget.theme);
  const { session, phase } = state;
  const away = (
    <AwayNotice
      presence={state.presence}
      awayMessage={widget.awayMessage}
      hours={widget.businessHours}
      labels={labels}
      locale={locale}
    />
  );

  if (!open) {
    return (
      <WidgetLauncher widget={widget} unread={unread} locale={locale} labels={labels} onOpen={() => setOpen(true)} />
    );
  }

  return (
    <main
      aria-labelledby="widget-title"
      data-theme={theme}
      className={cn(
        'flex h-screen flex-col overflow-hidden bg-white text-slate-900',
        fullScreen
          ? 'pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)]'
          : mode !== 'page' && 'rounded-lg border border-slate-200 shadow-lg',
      )}
    >
      <WidgetHeader
        widget={widget}
        available={available}
        locale={locale}
        labels={labels}
        onClose={mode === 'launcher' ? () => setOpen(false) : undefined}
      />
      {state.visitor.verified && state.visitor.name && (
        <p className="border-b border-slate-200 px-4 py-1 text-xs text-slate-700">
          {fill(labels.verifiedAs, { name: state.visitor.name })}
        </p>
      )}
      {phase === 'refused' ? (
        <p role="alert" className="m-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          {state.refusal}
        </p>
      ) : phase !== 'ready' ? (
        <p role="status" className="m-3 text-sm text-slate-700">
          {labels.status.connecting}
        </p>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col">
          {state.status !== 'live' && state.status !== 'connecting' && (
            <p role="status" className="bg-amber-50 px-3 py-1 text-xs text-amber-950">
              {labels.status[state.status]}
            </p>
          )}
          {view.kind !== 'thread' && (
            <div className="space-y-2 border-b border-slate-200 px-3 py-2">
              <p className="text-sm text-slate-900">{widget.greeting || labels.greeting}</p>
              {!available && away}
            </div>
          )}
          {view.kind === 'list' && (
            <ConversationList
              conversations={state.conversations}
              labels={labels}
              locale={locale}
              onOpen={(id) => setView({ kind: 'thread', id })}
              onNew={() => setView({ kind: 'new' })}
            />
          )}
          {view.kind === 'new' && state.visitor.blocked && <BlockedNotice text={labels.blocked} />}
          {view.kind === 'new' && !state.visitor.blocked && (
            <StartConversation
              session={session}
              ensure={state.ensure}
              visitor={state.visitor}
              preChat={widget.preChat}
              note={widget.preChatNote}
              consentUrl={state.conversations.length ? null : widget.privacyPolicyUrl}
              available={available}
              labels={labels}
              locale={locale}
              page={context.page}
              onStarted={started}
            />
          )}
          {view.kind === 'thread' && current && (
            <ThreadPanel
              widget={widget}
              conversation={current}
              state={state}
              available={available}
              away={away}
              visible={open && visible}
              labels={labels}
              locale={locale}
              page={context.page}
              onBack={() => setView({ kind: 'list' })}
              onNewConversation={() => setView({ kind: 'new' })}
            />
          )}
        </div>
      )}
      {widget.branding && (
        <p className="border-t border-slate-200 px-3 py-1 text-center text-xs text-slate-700">
          <a
            href={widget.branding}
            target="_blank"
            rel="noopener noreferrer"
            className="underline-offset-2 hover:underline"
          >
            {labels.branding}
          </a>
        </p>
      )}
    </main>
  );
}
