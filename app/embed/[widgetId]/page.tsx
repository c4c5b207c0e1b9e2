import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WidgetApp } from '@/components/widget/widget-app';
import { conversationIdSchema } from '@/lib/conversations/schema';
import { readableOn } from '@/lib/widgets/colour';
import { loadMessages } from '@/lib/i18n/messages';
import { frameLocale, framePresence, frameWidget } from './widget';

export async function generateMetadata({ params }: PageProps<'/embed/[widgetId]'>): Promise<Metadata> {
  const widget = await frameWidget((await params).widgetId);
  return { title: widget?.name ?? 'Chat', robots: { index: false, follow: false } };
}

const MODES = ['launcher', 'inline', 'page'] as const;

/**
 * The widget inside a customer's page (`?mode=inline`: the panel without a launcher; `?mode=page`: the
 * page an e-mail links to, with `conversation`; `?open=1`: the launcher's widget already open, when a
 * visitor clicked the launcher page, lib/widgets/launcher.ts). Its CSP header (set by the proxy) lets
 * only the widget's allowed origins frame it; the proxy also chose its language.
 */
export default async function EmbedPage({ params, searchParams }: PageProps<'/embed/[widgetId]'>) {
  const widget = await frameWidget((await params).widgetId);
  if (!widget) notFound();
  const query = await searchParams;
  const mode = MODES.find((value) => value === query.mode) ?? 'launcher';
  const conversation = conversationIdSchema.safeParse(query.conversation);
  const locale = await frameLocale(widget);
  const [{ Widget }, presence] = await Promise.all([loadMessages(locale), framePresence(widget.id)]);
  return (
    <WidgetApp
      widget={{
        id: widget.id,
        name: widget.name,
        greeting: widget.greeting,
        accent: { background: widget.accentColor, text: readableOn(widget.accentColor) },
        launcherPosition: widget.launcherPosition,
        preChat: widget.preChat,
        awayMessage: widget.awayMessage,
        businessHours: widget.businessHours,
        allowedOrigins: widget.allowedOrigins,
      }}
      mode={mode}
      initiallyOpen={mode !== 'launcher' || query.open === '1'}
      locale={locale}
      labels={Widget}
      initialPresence={presence ?? { available: false, availableForMs: null, nextOpenAt: null }}
      initialConversation={mode === 'page' && conversation.success ? conversation.data : null}
    />
  );
}
