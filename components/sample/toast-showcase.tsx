'use client';

import { toast } from '@/lib/client/toast';
import { TOAST_POSITIONS, TOAST_TYPES, type ToastPosition, type ToastType } from '@/lib/toast/config';
import { Button } from '@/components/ui/button';

type Props = {
  typeLabels: Record<ToastType, string>;
  positionLabels: Record<ToastPosition, string>;
  messages: Record<ToastType, string>;
  typesTitle: string;
  positionsTitle: string;
  positionMessage: string;
};

/** Buttons that raise every toast type and every toast position. */
export function ToastShowcase({ typeLabels, positionLabels, messages, typesTitle, positionsTitle, positionMessage }: Props) {
  return (
    <div className="space-y-6">
      <div>
        <h3 className="mb-2 font-semibold">{typesTitle}</h3>
        <div className="flex flex-wrap gap-2">
          {TOAST_TYPES.map((type) => (
            <Button key={type} variant="secondary" onClick={() => toast.show(type, messages[type])}>
              {typeLabels[type]}
            </Button>
          ))}
        </div>
      </div>
      <div>
        <h3 className="mb-2 font-semibold">{positionsTitle}</h3>
        <div className="flex flex-wrap gap-2">
          {TOAST_POSITIONS.map((position) => (
            <Button key={position} variant="secondary" onClick={() => toast.info(positionMessage, { position })}>
              {positionLabels[position]}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
