'use client';

import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DEFAULTS } from '@/lib/toast/config';
import { markToasterMounted } from '@/components/ui/toast';
import type { Messages } from '@/lib/i18n/slices';
import { ToastLabels } from './toast-card';

export function Toaster({ labels }: { labels: Messages['App']['toast'] }) {
  // Runs after Sonner's own effect has subscribed to new toasts.
  useEffect(() => markToasterMounted(), []);
  return (
    <ToastLabels value={labels}>
      <Sonner
        position={TOAST_DEFAULTS.position}
        visibleToasts={TOAST_DEFAULTS.maxVisible}
        expand
        dir={TOAST_DEFAULTS.dir}
        gap={8}
        containerAriaLabel={labels.region}
        toastOptions={{ unstyled: true }}
        // Sonner sets a font stack of its own; toasts are part of the page.
        style={{ fontFamily: 'inherit' }}
      />
    </ToastLabels>
  );
}
