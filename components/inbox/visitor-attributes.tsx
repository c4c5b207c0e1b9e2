import type { VisitorDetails } from '@/lib/conversations/constants';

/**
 * What the customer's page told of the visitor (`setAttributes`), as it said it: the keys in their order, numbers
 * in the operator's language. Never marked verified: the page, not its server, says it.
 */
export function VisitorAttributes({
  attributes,
  locale,
  labels,
}: {
  attributes: VisitorDetails['attributes'];
  locale: string;
  labels: { attributes: string; yes: string; no: string };
}) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  const number = new Intl.NumberFormat(locale);
  const shown = (value: string | number | boolean) =>
    typeof value === 'boolean'
      ? value
        ? labels.yes
        : labels.no
      : typeof value === 'number'
        ? number.format(value)
        : value;
  return (
    <dl aria-label={labels.attributes} className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-mono text-slate-700">{key}</dt>
          <dd className="truncate">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
