import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Feature } from '@/lib/billing/plans';

/** The features of the widgets page that a plan unlocks, each with the plan's name when the workspace lacks it. */
export type LockedFeatures = Partial<
  Record<Extract<Feature, 'businessHours' | 'autoAssign' | 'identityVerification'>, string>
>;

/**
 * Beside a setting the workspace's plan does not unlock (the API answers 402 when it is switched on): which
 * plan does, and the way to the billing page. `id` is what the locked control names in aria-describedby.
 */
export function PlanNeeded({
  id,
  text,
  link,
  href,
}: {
  id: string;
  text: string;
  link: string;
  href: string;
}): ReactNode {
  return (
    <p id={id} className="text-sm text-slate-700" data-plan-needed>
      {text}{' '}
      <Link href={href} className="font-semibold text-brand-700 underline">
        {link}
      </Link>
    </p>
  );
}
