import { z } from 'zod';
import { singleLineText } from '@/lib/api/schemas';
import { LABEL_COLOURS } from '@/lib/db/schema/labels';
import { LABEL_NAME_MAX, LABELS_MAX } from './constants';

const name = singleLineText(1, LABEL_NAME_MAX);
const colour = z.enum(LABEL_COLOURS);

/** POST /api/workspaces/:wid/labels. */
export const newLabelSchema = z.object({ name, colour });

/** PATCH /api/workspaces/:wid/labels/:id: a new name and/or colour. */
export const labelPatchSchema = z
  .object({ name: name.optional(), colour: colour.optional() })
  .refine((value) => value.name !== undefined || value.colour !== undefined, {
    message: 'nothing to change',
    path: ['name'],
  });

/** PUT /api/workspaces/:wid/inbox/:cid/labels: the conversation's labels, all of them (repeats count once). */
export const conversationLabelsSchema = z.object({
  labels: z
    .array(z.uuid())
    .max(LABELS_MAX)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/** A label id in a URL (a UUID); anything else is a 404 without a query. */
export const labelIdSchema = z.uuid();
