import 'server-only';
import type { Executor } from '@/lib/db/types';
import { processedWebhookEvents } from '@/lib/db/schema';

/**
 * Records a provider's event in `tx`, the transaction that applies it: true the first time, false for a
 * redelivery (or a concurrent one, which waits for this transaction and then finds the id).
 */
export async function firstDelivery(tx: Executor, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0;
}
