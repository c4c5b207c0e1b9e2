import 'server-only';
import type { Executor } from '@/lib/db/types';
import type { WorkspaceRole } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireMember } from './access';

/**
 * Who may do what in a workspace: each action and the roles allowed it. The README's table is this one (a
 * test compares them); every handler asks requirePermission, so a change here is a change everywhere.
 */
export const PERMISSIONS = {
  'inbox.read': ['owner', 'admin', 'agent'],
  'inbox.answer': ['owner', 'admin', 'agent'],
  'inbox.close': ['owner', 'admin', 'agent'],
  'inbox.assign': ['owner', 'admin', 'agent'],
  'labels.manage': ['owner', 'admin'],
  'visitors.block': ['owner', 'admin', 'agent'],
  'visitors.erase': ['owner', 'admin'],
  'visitors.export': ['owner', 'admin'],
  'widgets.read': ['owner', 'admin', 'agent'],
  'widgets.manage': ['owner', 'admin'],
  'reports.read': ['owner', 'admin'],
  'replies.read': ['owner', 'admin', 'agent'],
  'replies.manage': ['owner', 'admin'],
  'members.read': ['owner', 'admin', 'agent'],
  'members.invite': ['owner', 'admin'],
  'members.remove': ['owner', 'admin'],
  'members.changeRole': ['owner', 'admin'],
  'members.leave': ['admin', 'agent'],
  'workspace.delete': ['owner'],
  'workspace.transferOwnership': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type WorkspaceAction = keyof typeof PERMISSIONS;

export const WORKSPACE_ACTIONS = Object.keys(PERMISSIONS) as WorkspaceAction[];

/** The roles allowed `action`. */
export function rolesFor(action: WorkspaceAction): readonly WorkspaceRole[] {
  return PERMISSIONS[action];
}

export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return rolesFor(action).includes(role);
}

/** What the support staff's workspace refuses whatever the role (409): its membership follows the admin claim. */
const MEMBERSHIP_ACTIONS: ReadonlySet<WorkspaceAction> = new Set([
  'members.invite',
  'members.remove',
  'members.changeRole',
  'members.leave',
  'workspace.delete',
  'workspace.transferOwnership',
]);

/** Whether the member may do `action` in this workspace: `can` for their role, but never what it refuses. */
export function canIn(workspace: { role: WorkspaceRole; support: boolean }, action: WorkspaceAction): boolean {
  return can(workspace.role, action) && !(workspace.support && MEMBERSHIP_ACTIONS.has(action));
}

/**
 * The user's role in `workspaceId` when it allows `action`: 404 for a stranger or former member (as
 * requireMember), 403 for a member whose role does not allow it.
 */
export async function requirePermission(
  user: { uid: string },
  workspaceId: string,
  action: WorkspaceAction,
  executor?: Executor,
): Promise<WorkspaceRole> {
  const role = await requireMember(user, workspaceId, executor);
  if (!can(role, action)) throw new ApiError('forbidden');
  return role;
}
