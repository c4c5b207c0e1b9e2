import { z } from 'zod';
import { idempotencyKey, singleLineText } from '@/lib/api/schemas';
import { WORKSPACE_NAME_MAX } from './limits';

/** POST /api/workspaces: the new workspace's name (and the form's request key). */
export const createWorkspaceSchema = z.object({
  name: singleLineText(1, WORKSPACE_NAME_MAX),
  requestKey: idempotencyKey.optional(),
});

/** PUT /api/workspaces/current: the workspace the dashboard shows from now on. */
export const switchWorkspaceSchema = z.object({ workspaceId: z.uuid() });

export type CreateWorkspaceInput = z.infer<typeof createWorkspaceSchema>;

/** The roles an invitation or a role change can give; ownership moves only by transfer. */
export const memberRoleSchema = z.enum(['admin', 'agent']);

/** POST /api/workspaces/:wid/invitations: whom to invite (trimmed, compared lower-cased) with which role. */
export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: memberRoleSchema,
});

/** PATCH /api/workspaces/:wid/members/:uid: the member's new role; `owner` transfers the ownership to them. */
export const changeRoleSchema = z.object({ role: z.enum(['owner', 'admin', 'agent']) });

/** PATCH /api/workspaces/:wid/members/:uid { active }: deactivates a member, or activates them again. */
export const memberActiveSchema = z.object({ active: z.boolean() });

/** What the PATCH takes: a role, or whether the member is active; never both, nothing else (strict). */
export const memberPatchSchema = z.union([
  z.strictObject(changeRoleSchema.shape),
  z.strictObject(memberActiveSchema.shape),
]);

/** POST /api/invitations/accept: the token of the invitation's link. */
export const acceptInvitationSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export type InviteInput = z.infer<typeof inviteSchema>;
