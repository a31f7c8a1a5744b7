import { z } from 'zod';

/**
 * GET /api/pipelines/{id}/queue-position: where a document stands in its queue (the company's
 * documents of the same type at the same step), in the pending list's order (newest first).
 */
export const QueuePositionSchema = z.object({
  /** 1-based place of the document in its queue. */
  position: z.number().int(),
  /** How many documents the queue holds, this one included. */
  total: z.number().int(),
  /** The document listed just before this one (newer), if any. */
  previous_id: z.string().nullable(),
  /** The document listed just after this one (older), if any. */
  next_id: z.string().nullable(),
});
export type QueuePosition = z.infer<typeof QueuePositionSchema>;

/** POST /api/webhooks:check-url: may real deliveries reach this URL? */
export const WebhookUrlCheckBodySchema = z.object({
  url: z.string().trim().min(1, 'Enter a webhook URL').max(2048),
});
export type WebhookUrlCheckBody = z.infer<typeof WebhookUrlCheckBodySchema>;

export const WebhookUrlCheckSchema = z.object({
  allowed: z.boolean(),
  /** Why deliveries will be refused, in words people can act on; null when allowed. */
  reason: z.string().nullable(),
});
export type WebhookUrlCheck = z.infer<typeof WebhookUrlCheckSchema>;
