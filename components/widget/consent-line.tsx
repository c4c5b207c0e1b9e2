import type { Messages } from '@/lib/i18n/slices';

/** "By sending a message you agree … {link}": the owner's privacy policy, in a new tab. */
export function ConsentLine({ url, labels }: { url: string; labels: Messages['Widget'] }) {
  const [before, after] = labels.consent.split('{link}');
  return (
    <p className="px-3 pb-2 text-xs text-slate-700">
      {before}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {labels.privacyPolicy}
        <span className="sr-only">{labels.newTab}</span>
      </a>
      {after}
    </p>
  );
}
