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
