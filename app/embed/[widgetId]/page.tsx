import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { WidgetFrame } from '@/components/widgets/widget-frame';
import { chatLabels } from '@/lib/chat/labels';
import { displayNameOf } from '@/lib/chat/identity';
import { readableOn } from '@/lib/widgets/colour';
import { getSessionUser } from '@/lib/session/server';
import { frameWidget } from './widget';

export async function generateMetadata({ params }: PageProps<'/embed/[widgetId]'>): Promise<Metadata> {
  const widget = await frameWidget((await params).widgetId);
  return { title: widget?.name ?? 'Chat', robots: { index: false, follow: false } };
}

/**
 * The widget inside a customer's page (`?mode=inline`: the panel without a launcher). Its CSP header
 * (set by the proxy) lets only the widget's allowed origins frame it.
 */
export default async function EmbedPage({ params, searchParams }: PageProps<'/embed/[widgetId]'>) {
  const widget = await frameWidget((await params).widgetId);
  if (!widget) notFound();
  const mode = (await searchParams).mode === 'inline' ? 'inline' : 'launcher';
  const [t, chat, user] = await Promise.all([getTranslations({ locale: widget.locale, namespace: 'Chat' }), chatLabels(widget.locale), getSessionUser()]);
  return (
    <WidgetFrame
      widget={{ id: widget.id, name: widget.name, greeting: widget.greeting, allowedOrigins: widget.allowedOrigins }}
      accent={{ background: widget.accentColor, text: readableOn(widget.accentColor) }}
      mode={mode}
      labels={{ open: t('widget.open', { name: widget.name }), close: t('widget.close') }}
      chat={chat}
      viewer={user ? { kind: 'user', postingAs: t('postingAs', { name: displayNameOf(user) }) } : { kind: 'guest' }}
      locale={widget.locale}
    />
  );
}
