import { jsonLdText } from '@/lib/seo/structured-data';

/** Structured data for search engines: a data block, never executed (so no CSP applies to it). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
