import { z } from 'zod';

import { ExtractionResultSchema } from './doc-types.js';
import { PipelineSchema, ReviewedDataSchema } from './pipeline.js';

/** What GET /api/pipelines/{id}/export answers besides the default ZIP. */
export const ExportFormatQuery = z.enum(['zip', 'json', 'csv', 'xlsx']);
export type ExportFormatQuery = z.infer<typeof ExportFormatQuery>;
export const ExportQuerySchema = z.object({ format: ExportFormatQuery.default('zip') });

/** Who approved what, and where it came from (export setting include_metadata). */
export const ExportMetadataSchema = z.object({
  pipeline_id: z.string(),
  document_type: z.object({ id: z.string(), name: z.string() }),
  file_name: z.string(),
  content_type: z.string(),
  pages: z.number().int(),
  uploaded_at: z.string(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  exported_at: z.string(),
});
export type ExportMetadata = z.infer<typeof ExportMetadataSchema>;

/**
 * The JSON export (and the webhook body): the reviewed values with their types (numbers as
 * numbers), plus metadata, the raw extraction and the reconciliation report when the type's export
 * settings include them.
 */
export const ExportDocumentSchema = z.object({
  event: z.literal('document.approved').optional(),
  data: ReviewedDataSchema,
  metadata: ExportMetadataSchema.optional(),
  raw_extraction: ExtractionResultSchema.nullable().optional(),
  reconciliation: z.unknown().optional(),
  /** The currency (ISO 4217) of each money field the engine found one for, by field key. */
  currencies: z.record(z.string(), z.string()).optional(),
  /** Fields whose approved value was read where reviewers showed this vendor prints it. */
  learned_fields: z.array(z.string()).optional(),
});
export type ExportDocument = z.infer<typeof ExportDocumentSchema>;

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

export const WebhookExportBodySchema = z.object({
  url: z.string().trim().min(1, 'Webhook URL is required').max(2048),
  /** Extra request headers; an API key header the modal adds is one of them. */
  headers: z.record(z.string(), z.string()).default({}),
});
export type WebhookExportBody = z.input<typeof WebhookExportBodySchema>;

/** Answer of a manual send: whether the receiver took it, and the status it answered. */
export const WebhookExportResultSchema = z.object({
  success: z.boolean(),
  /** null when no HTTP answer came (network error, timeout). */
  status_code: z.number().int().nullable(),
  /** What went wrong, when it did. */
  error: z.string().nullable(),
  delivery_id: z.string(),
});
export type WebhookExportResult = z.infer<typeof WebhookExportResultSchema>;

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

/** One delivery of a document to a webhook, automatic (on approval) or manual, with its attempts. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  pipeline_id: z.string(),
  url: z.string(),
  trigger: z.enum(['auto', 'manual']),
  status: DeliveryStatus,
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** When the next retry runs, while pending. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  attempt_log: z.array(DeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

/** An approved document on the Exports screen, with its latest webhook delivery. */
export const ExportItemSchema = PipelineSchema.extend({
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  latest_delivery: WebhookDeliverySchema.omit({ attempt_log: true }).nullable(),
});
export type ExportItem = z.infer<typeof ExportItemSchema>;
export const ExportPageSchema = z.object({
  items: z.array(ExportItemSchema),
  next_cursor: z.string().nullable(),
});
export type ExportPage = z.infer<typeof ExportPageSchema>;

/** The per-tenant secret that signs webhook deliveries (X-Parser-Signature). */
export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the secret is never shown again. */
  prefix: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListSchema = z.array(ApiKeySchema);

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** The answer that creates a key: the only time the whole key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
