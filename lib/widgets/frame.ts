import type { PublicWidget } from './service';

/** The message the widget page sends its embedding page when it opens or closes. */
export const RESIZE_MESSAGE = 'chatwidget:resize';

/**
 * The widget page's Content-Security-Policy: only the widget's allowed origins (and this site, for the
 * dashboard's preview) may frame it; browsers refuse to show it anywhere else.
 */
export function widgetFramePolicy(widget: Pick<PublicWidget, 'allowedOrigins'>): string {
  return `frame-ancestors 'self' ${widget.allowedOrigins.join(' ')}`.trim();
}
