'use client';

import type { ComponentProps } from 'react';
import { WidgetRating as de } from '@/messages/de.json';
import { WidgetRating as en } from '@/messages/en.json';
import { RatingForm } from './rating-form';

/**
 * The rating form with its texts in the visitor's language: they travel with its code (a part the widget loads
 * once a conversation is closed, scripts/build-widget.mjs), not in every opened widget's document.
 */
export function RatingPart({
  locale,
  ...props
}: Omit<ComponentProps<typeof RatingForm>, 'labels'> & { locale: string }) {
  return <RatingForm {...props} labels={locale === 'de' ? de : en} />;
}
