'use client';

import { toast } from '@/components/ui/toast';
import { TOAST_POSITIONS, TOAST_TYPES } from '@/lib/toast/config';
import { Button } from '@/components/ui/button';
import type { Messages } from '@/lib/i18n/slices';

/** Buttons that raise every toast type and every toast position. */
export function ToastShowcase({ labels }: { labels: Messages['Sample']['toasts'] }) {
  return (
    <div className="space-y-6">
      <div>
        <h3 className="mb-2 font-semibold">{labels.types}</h3>
        <div className="flex flex-wrap gap-2">
          {TOAST_TYPES.map((type) => (
            <Button key={type} variant="secondary" onClick={() => toast.show(type, labels.message[type])}>
              {labels.type[type]}
            </Button>
          ))}
        </div>
      </div>
      <div>
        <h3 className="mb-2 font-semibold">{labels.positions}</h3>
        <div className="flex flex-wrap gap-2">
          {TOAST_POSITIONS.map((position) => (
            <Button key={position} variant="secondary" onClick={() => toast.info(labels.positionMessage, { position })}>
              {labels.position[position]}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
