import 'server-only';
import type { WidgetProps } from '@/components/widget/use-widget-panel';
import { widgetPresence } from '@/lib/conversations/operators';
import { conversationIdSchema } from '@/lib/conversations/schema';
import { widgetTeam } from '@/lib/conversations/team';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { loadMessages } from '@/lib/i18n/messages';
import { readableOn } from '@/lib/widgets/colour';
import { frameDocument } from '@/lib/widgets/frame-document.mjs';
import { widgetFrameAncestors } from '@/lib/widgets/frame';
import { WIDGET_LOCALE_HEADER } from '@/lib/widgets/locale';
import { textsFor } from '@/lib/widgets/texts';
import type { PublicWidget } from '@/lib/widgets/service';
import { createNonce, noncePolicy } from '@/lib/security/csp';
import { manifest } from './manifest';

const MODES = ['launcher', 'inline', 'page'] as const;
const NO_PRESENCE = { available: false, availableForMs: null, nextOpenAt: null };

/** The nonce the proxy put in the request's policy (proxy.ts `widgetPage`), or a fresh one without it. */
function requestNonce(headers: Headers): string {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? createNonce();
}

/** The widget app's props, as the visitor's query asks for them (mode, opened, the e-mail's conversation). */
async function frameProps(widget: PublicWidget, locale: Locale, query: URLSearchParams): Promise<WidgetProps> {
  const mode = MODES.find((value) => value === query.get('mode')) ?? 'launcher';
  const conversation = conversationIdSchema.safeParse(query.get('conversation'));
  const [{ Widget }, presence, team] = await Promise.all([
    loadMessages(locale),
    widgetPresence(widget.id),
    widgetTeam(widget.id),
  ]);
  const texts = textsFor(widget, locale);
  return {
    widget: {
      id: widget.id,
      name: widget.name,
      greeting: texts.greeting,
      accent: { background: widget.accentColor, text: readableOn(widget.accentColor) },
      launcherPosition: widget.launcherPosition,
      preChat: widget.preChat,
      awayMessage: texts.awayMessage,
      preChatNote: texts.preChatNote,
      privacyPolicyUrl: widget.privacyPolicyUrl,
      theme: widget.theme,
      team,
      businessHours: widget.businessHours,
      allowedOrigins: widget.allowedOrigins,
      askRating: widget.askRating,
      branding: widget.branded ? `${env.siteUrl}${localizedPath('/', locale)}` : null,
    },
    mode,
    initiallyOpen: mode !== 'launcher' || query.get('open') === '1',
    locale,
    labels: Widget,
    initialPresence: presence ?? NO_PRESENCE,
    initialConversation: mode === 'page' && conversation.success ? conversation.data : null,
  };
}

/**
 * The widget's frame document: the standalone widget (scripts/build-widget.mjs) with its props, in the
 * language the proxy chose (else the widget's own), its script allowed by the nonce, framed only by the
 * widget's allowed origins.
 */
export async function framePage(widget: PublicWidget, headers: Headers, query: URLSearchParams): Promise<Response> {
  const chosen = headers.get(WIDGET_LOCALE_HEADER);
  const locale = isLocale(chosen) ? chosen : widget.locale;
  const nonce = requestNonce(headers);
  const props = await frameProps(widget, locale, query);
  const html = frameDocument({ locale, title: widget.name, props, nonce, manifest: manifest() });
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      'Content-Security-Policy': noncePolicy(nonce, widgetFrameAncestors(widget)),
    },
  });
}
