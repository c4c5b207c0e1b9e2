import 'server-only';
import type { Executor } from '@/lib/db/types';
import { ApiError } from '@/lib/api/errors';
import { requireRole } from './access';

/**
 * Billing is the owner's: a stranger or a malformed id get 404 as elsewhere, another member 403
 * `billingOwnerOnly`, the support staff's workspace (which sells nothing) 409.
 */
export async function requireBillingOwner(user: { uid: string }, workspaceId: string, executor?: Executor) {
  const { system } = await requireRole(user, workspaceId, ['owner'], { otherMember: 'billingOwnerOnly', executor });
  if (system) throw new ApiError('supportWorkspace');
}
