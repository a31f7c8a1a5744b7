import { ErrorCode } from '@parser/contracts';
import { z } from 'zod';

import { interactiveJob } from '../../jobs/job-definition.js';

const ReadFilePayload = z.object({ tenantId: z.uuid(), fileId: z.uuid() });

/**
 * Reads a file with the engine (OCR included) and caches the reading, for a request that waits:
 * a test extraction, Quick Setup, a text layer, an upload check, a re-extract.
 */
export const readFileJob = interactiveJob('file.read', ReadFilePayload);

/**
 * What a `file.read` job answers: nothing when the reading is cached, or the reason the file could
 * not be read, which the waiting request answers as it would have answered it itself.
 */
export const ReadFileResult = z.object({
  error: z.object({ code: ErrorCode, message: z.string() }).optional(),
});
export type ReadFileResult = z.infer<typeof ReadFileResult>;

const InspectFilePayload = z.object({
  tenantId: z.uuid(),
  storageKey: z.string().min(1),
  fileName: z.string(),
});

/**
 * Checks a document being uploaded (its format opens, its page count, the reading limits: a DOCX
 * is unpacked, a .doc read in its own thread) for the upload request that waits, which stores the
 * file's row only once the answer is in.
 */
export const inspectFileJob = interactiveJob('file.inspect', InspectFilePayload);

/** The page count of a readable document, or why it cannot be read (stored with the file). */
export const InspectFileResult = z.union([
  z.object({ pages: z.number().int().min(0) }),
  z.object({ error: z.string() }),
]);
export type InspectFileResult = z.infer<typeof InspectFileResult>;

const RenderPagePayload = z.object({
  tenantId: z.uuid(),
  fileId: z.uuid(),
  page: z.number().int().min(1),
  width: z.number().int().min(1),
});

/** Renders one page preview into storage, for the request that waits for it (see page-previews.ts). */
export const renderPageJob = interactiveJob('file.render-page', RenderPagePayload);

/** Nothing when the preview is stored, or the answer the waiting request gives instead. */
export const RenderPageResult = ReadFileResult;
export type RenderPageResult = ReadFileResult;
