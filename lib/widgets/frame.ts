import type { PublicWidget } from './service';

/** The message the widget page sends its embedding page when it opens or closes. */
export const RESIZE_MESSAGE = 'chatwidget:resize';

/**
 * The widget page's `frame-ancestors`: only the widget's allowed origins (and this site, for the
 * dashboard's preview) may frame it; browsers refuse to show it anywhere else (`null`: no widget, no
 * framing).
 */
export function widgetFrameAncestors(widget: Pick<PublicWidget, 'allowedOrigins'> | null): string {
  return widget ? `'self' ${widget.allowedOrigins.join(' ')}`.trim() : "'none'";
}
