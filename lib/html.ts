const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML, in an element or a quoted attribute: `& < > " '` become character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => REFERENCES[c]);
}
