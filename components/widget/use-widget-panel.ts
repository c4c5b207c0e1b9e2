'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import type { MessageView, PresenceView, VisitorConversationView } from '@/lib/conversations/constants';
import { RESIZE_MESSAGE } from '@/lib/widgets/frame';
import type { Messages } from '@/lib/i18n/slices';
import { embeddingOrigin, tellPage, useEmbeddingContext } from './embedding';
import { useAvailable } from './presence-notice';
import { useVisitorConversations } from './use-visitor-conversations';
import type { WidgetConfig } from './widget-config';

type WidgetMode = 'launcher' | 'inline' | 'page';
type PanelView = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

/** What the widget page hands the widget. */
export type WidgetProps = {
  widget: WidgetConfig;
  mode: WidgetMode;
  /** Whether the panel shows at first (always, but for a launcher that has not been clicked). */
  initiallyOpen: boolean;
  locale: string;
  labels: Messages['Widget'];
  initialPresence: PresenceView;
  initialConversation: string | null;
};

/**
 * The widget's state and what keeps it in step with the world: the visitor's conversations (started as
 * soon as there is a reason), the token of an e-mail's link, the frame's size on the embedding page, the
 * page's visibility, and the panel's view with the thread it shows loaded.
 */
export function useWidgetPanel({
  widget,
  mode,
  initiallyOpen,
  locale,
  labels,
  initialPresence,
  initialConversation,
}: WidgetProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [chosen, setView] = useState<PanelView>(
    initialConversation ? { kind: 'thread', id: initialConversation } : { kind: 'list' },
  );
  const [visible, setVisible] = useState(true);
  const origin = useMemo(
    () => (typeof window === 'undefined' ? null : embeddingOrigin(widget.allowedOrigins)),
    [widget.allowedOrigins],
  );
  // Only the launcher's panel opens and closes; the page's API asks it to through the loader.
  const context = useEmbeddingContext(mode === 'page' ? null : origin, mode === 'launcher' ? setOpen : undefined);
  const state = useVisitorConversations({
    widgetId: widget.id,
    locale,
    errors: labels.errors,
    initialPresence,
    origin: mode === 'page' ? null : origin,
  });
  const available = useAvailable(state.presence);
  const { session, phase, known, begin } = state;

  // The link of an e-mail carries the visitor's token in its fragment (no server ever sees it).
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (mode !== 'page' || !token) return;
    session.adopt(token);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }, [mode, session]);

  // A returning visitor (or the customer's signed-in user) reconnects at once; a new one is ready when they open
  // the chat, and started on the server with their first message (useVisitorConversations `ensure`).
  // A token the page's API signs later (`identify`) starts the visitor again as that user.
  const begun = useRef<string | null>(null);
  const signed = context.user && 'token' in context.user ? context.user.token : null;
  useEffect(() => {
    const again = phase !== 'idle' && phase !== 'starting' && signed !== begun.current;
    if (!context.ready || !(again || (phase === 'idle' && (open || context.user || session.returning())))) return;
    begun.current = signed;
    void begin(context.user);
  }, [context.ready, context.user, signed, phase, open, begin, session]);

  // The page's attributes, once there is a visitor to set them on (again after a new start): the server decides.
  const { attributes } = context;
  useEffect(() => {
    if (phase !== 'ready' || !known || !attributes) return;
    void session
      .call('/visitors', { method: 'PATCH', body: { attributes: JSON.parse(attributes) } })
      .catch((error: Error) => console.warn(error.message));
  }, [phase, known, attributes, session]);

  // The host page (again after each navigation), once the visitor has a conversation: nothing is stored before.
  const { page } = context;
  const written = state.conversations.length > 0;
  useEffect(() => {
    if (phase !== 'ready' || !written || !page.url) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    void session.call('/visitors/pages', { method: 'POST', body: { ...page, timeZone } }).catch(() => {});
  }, [phase, written, page, session]);

  useEffect(() => {
    if (mode !== 'launcher' || !origin) return;
    window.parent.postMessage({ type: RESIZE_MESSAGE, open, position: widget.launcherPosition }, origin);
  }, [open, mode, origin, widget.launcherPosition]);

  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);

  // With nothing to go back to (none yet, or all erased), a visitor starts a conversation straight away.
  const view: PanelView =
    phase === 'ready' && chosen.kind !== 'new' && state.conversations.length === 0 ? { kind: 'new' } : chosen;
  const unread = state.conversations.reduce((sum, c) => sum + c.unread, 0);
  useEffect(() => {
    if (phase === 'ready') tellPage(origin, { name: 'unread', count: unread });
  }, [phase, unread, origin]);
  const current = view.kind === 'thread' ? state.conversations.find((c) => c.id === view.id) : undefined;
  const requested = useRef(new Set<string>());
  const { loadThread } = state;
  const threadId = view.kind === 'thread' ? view.id : null;
  useEffect(() => {
    if (!threadId || phase !== 'ready' || requested.current.has(threadId)) return;
    requested.current.add(threadId);
    void loadThread(threadId).catch(() => setView({ kind: 'list' }));
  }, [threadId, phase, loadThread]);

  /** A conversation the visitor has just started: theirs from now on, and the one the panel shows. */
  const started = (
    first: { conversation: VisitorConversationView; message: MessageView },
    details: { name?: string; email?: string },
  ) => {
    session.keep();
    state.setVisitor((v) => ({ ...v, name: v.name ?? details.name ?? null, email: v.email ?? details.email ?? null }));
    state.setConversations((all) => [first.conversation, ...all.filter((c) => c.id !== first.conversation.id)]);
    state.receive(first);
    setView({ kind: 'thread', id: first.conversation.id });
  };

  // On a narrow page the loader gives the launcher's open panel the whole screen.
  const fullScreen = mode === 'launcher' && context.narrow;
  return { open, setOpen, view, setView, visible, context, state, available, unread, current, started, fullScreen };
}
