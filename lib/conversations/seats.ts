import 'server-only';
import type { SeatKeeper } from '@/lib/billing/entitlements';
import { fitSeats } from '@/lib/workspaces/deactivation';
import { endMembership } from './assignment';

/**
 * What every change of a subscription is handed (lib/billing): the members fit the plan's seats, and those put
 * aside lose their conversations' assignments and open streams, as when an owner deactivates them.
 */
export const keepSeats: SeatKeeper = (tx, workspaceId) => fitSeats(tx, workspaceId, endMembership);
