import { z } from 'zod';

/**
 * A vendor Parser learned from the company's reviewed documents of one type (Settings). What it
 * learned is used for this company's documents only.
 */
export const LearnedVendorSchema = z.object({
  id: z.string(),
  /** The vendor's name as its documents print it. */
  name: z.string(),
  doc_type: z.object({ id: z.string(), name: z.string() }),
  /** Reviewed documents of this vendor that taught Parser. */
  documents_taught: z.number().int(),
  /** Fields (and table columns) Parser now knows where this vendor prints. */
  fields_learned: z.number().int(),
  last_taught_at: z.string(),
  /** When a document of this vendor was last read with what was learned; null before the first. */
  last_used_at: z.string().nullable(),
});
export type LearnedVendor = z.infer<typeof LearnedVendorSchema>;
export const LearnedVendorListSchema = z.array(LearnedVendorSchema);

/** The answer of forgetting every learned vendor. */
export const ForgetLearnedVendorsResultSchema = z.object({ forgotten: z.number().int() });
export type ForgetLearnedVendorsResult = z.infer<typeof ForgetLearnedVendorsResultSchema>;
