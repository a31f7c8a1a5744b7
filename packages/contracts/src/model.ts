import { z } from 'zod';

/**
 * Which engine reads a company's documents: the offline engine alone, or the offline engine
 * followed by an AI model at an OpenAI-compatible endpoint (LLM_BASE_URL and LLM_MODEL).
 */
export const ModelEngine = z.enum(['offline', 'model']);
export type ModelEngine = z.infer<typeof ModelEngine>;

/** How the model stands behind an extracted value: it alone read it, or both engines agreed. */
export const ModelMark = z.enum(['alone', 'agreed']);
export type ModelMark = z.infer<typeof ModelMark>;

/** Token use and latency of the model's requests, summed. */
export const ModelUsageSchema = z.object({
  requests: z.number().int(),
  /** Requests whose answer could not be used: the offline result was kept. */
  fallbacks: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Mean time per request, in milliseconds; null before any request. */
  average_latency_ms: z.number().nullable(),
});
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

/** GET /api/model: the active engine, the company's usage and its last model error. */
export const ModelStatusSchema = z.object({
  engine: ModelEngine,
  /** The model's name at the endpoint; null when no model is configured. */
  model: z.string().nullable(),
  /** The model that reads page images (scans, photos, handwriting); null when none. */
  vision_model: z.string().nullable(),
  /** The endpoint's address without credentials; null when no model is configured. */
  endpoint: z.string().nullable(),
  usage: ModelUsageSchema,
  /** The company's latest request that fell back to the offline result, if any. */
  last_error: z.object({ message: z.string(), at: z.string() }).nullable(),
  /** Each document type and whether the model reads its documents. */
  doc_types: z.array(z.object({ id: z.string(), name: z.string(), use_model: z.boolean() })),
});
export type ModelStatus = z.infer<typeof ModelStatusSchema>;

/** PUT /api/model/doc-types/:id: turn the model on or off for one document type (admins). */
export const ModelDocTypeBodySchema = z.object({ use_model: z.boolean() });
export type ModelDocTypeBody = z.infer<typeof ModelDocTypeBodySchema>;
