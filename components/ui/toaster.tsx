'use client';

import { Toaster as Sonner } from 'sonner';
import { TOAST_DEFAULTS } from '@/lib/toast/config';
import { toastLabels } from './toast-labels';

export function Toaster() {
  return (
    <Sonner
      position={TOAST_DEFAULTS.position}
      visibleToasts={TOAST_DEFAULTS.maxVisible}
      expand
      dir={TOAST_DEFAULTS.dir}
      gap={8}
      containerAriaLabel={toastLabels.region}
      toastOptions={{ unstyled: true }}
    />
  );
}
