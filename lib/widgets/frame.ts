import type { PublicWidget } from './service';

/**
 * The messages between the widget page and the loader (public/embed.js) on the embedding page: the
 * widget says it is ready and when it opens or closes (with its side); the loader answers with the
 * page's context (its address and title, the signed-in user of the customer's site). The launcher page
 * (lib/widgets/launcher.ts) asks the loader for the widget itself (`open`: the visitor clicked it). The
 * context also carries what the page's JavaScript API said: a signed identity token and attributes.
 */
export const RESIZE_MESSAGE = 'chatwidget:resize';
export const CONTEXT_MESSAGE = 'chatwidget:context';
export const LOAD_MESSAGE = 'chatwidget:load';
/** The page's API (`Plauder('open')`…) opens or closes the widget page's panel. */
export const OPEN_MESSAGE = 'chatwidget:open';
/** What the page's API listeners hear from the frame: `message` (an operator's) and `unread` (a count). */
export const EVENT_MESSAGE = 'chatwidget:event';
/** The loader says whether the page is narrow (under 640 CSS px): then the open panel covers its screen. */
export const LAYOUT_MESSAGE = 'chatwidget:layout';

/** Where the widget page keeps its visitor's token (its localStorage): the launcher page looks there too. */
export const VISITOR_STORAGE_PREFIX = 'plauder:visitor:';
export function visitorStorageKey(widgetId: string): string {
  return `${VISITOR_STORAGE_PREFIX}${widgetId}`;
}

/**
 * The widget page's `frame-ancestors`: only the widget's allowed origins (and this site, for the
 * dashboard's preview) may frame it; browsers refuse to show it anywhere else (`null`: no widget, no
 * framing).
 */
export function widgetFrameAncestors(widget: Pick<PublicWidget, 'allowedOrigins'> | null): string {
  return widget ? `'self' ${widget.allowedOrigins.join(' ')}`.trim() : "'none'";
}
