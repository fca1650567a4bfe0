import { z } from 'zod';
import { id, optionalText, requiredText } from './common.ts';

/** The text fields sent beside an uploaded resource file (multipart fields), and its edit. */
export const resourceFieldsSchema = z.object({
  title: requiredText(200, 'Give the resource a title', 'Title'),
  description: optionalText(1000, 'Description').transform((value) => value ?? ''),
});

export type ResourceFieldsInput = z.input<typeof resourceFieldsSchema>;

/** A resource list's new order: every resource of that course page or module page, once. */
export const resourceOrderSchema = z.object({
  resourceIds: z.array(id).min(1, { message: 'Send the resources in their new order' }).max(500),
});
