import type { PublicWidget } from './service';

/** The message the widget page sends its embedding page when it opens or closes. */
export const RESIZE_MESSAGE = 'chatwidget:resize';

/**
 * The widget page's Content-Security-Policy: only the widget's allowed origins (and this site, for the
 * dashboard's preview) may frame it; browsers refuse to show it anywhere else (`null`: no widget, no
 * framing). `requested` is the policy npm start's server gave the request (its nonce, which Next puts
 * on the page's scripts): the answer keeps it and only changes frame-ancestors. (With a
 * frame-ancestors-only answer policy the page's scripts lost their nonce: measured, see the e2e
 * headers spec.)
 */
export function widgetFramePolicy(widget: Pick<PublicWidget, 'allowedOrigins'> | null, requested?: string | null): string {
  const ancestors = `frame-ancestors ${widget ? `'self' ${widget.allowedOrigins.join(' ')}`.trim() : "'none'"}`;
  if (!requested) return ancestors;
  const others = requested
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'));
  return [...others, ancestors].join('; ');
}
