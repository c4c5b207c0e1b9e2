'use client';

import NextLink from 'next/link';
import { useState, type ComponentProps, type SyntheticEvent } from 'react';

/**
 * next/link that prefetches its page on intent (the pointer over it, a touch, keyboard focus) rather
 * than as soon as it scrolls into view. A page with a dozen links otherwise fetched and decoded a
 * dozen pages while it was still starting: on a phone that was a third of the landing page's blocking
 * time (npm run lighthouse). Navigation stays client-side; `prefetch={false}` still means never.
 */
export function IntentLink({ prefetch, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  if (prefetch === false) return <NextLink {...props} prefetch={false} />;
  const noting =
    <E extends SyntheticEvent>(handler?: (event: E) => void) =>
    (event: E) => {
      setIntent(true);
      handler?.(event);
    };
  return (
    <NextLink
      {...props}
      // Once enabled, Next prefetches a link that is in view at once.
      prefetch={intent ? prefetch : false}
      onMouseEnter={noting(props.onMouseEnter)}
      onTouchStart={noting(props.onTouchStart)}
      onFocus={noting(props.onFocus)}
    />
  );
}
