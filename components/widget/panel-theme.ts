'use client';

import { useEffect, useState } from 'react';
import type { WidgetTheme } from '@/lib/db/schema/widget-settings';

const DARK = '(prefers-color-scheme: dark)';

/**
 * The open panel's `data-theme` (app/dark-palette.css): the owner's choice, or with 'auto' the visitor's
 * device, followed live when it changes.
 */
export function usePanelTheme(theme: WidgetTheme): 'light' | 'dark' {
  const [dark, setDark] = useState(() => matchMedia(DARK).matches);
  useEffect(() => {
    const media = matchMedia(DARK);
    const follow = () => setDark(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return theme === 'auto' ? (dark ? 'dark' : 'light') : theme;
}
