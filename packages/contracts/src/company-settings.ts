import { z } from 'zod';

/** How a company usually writes numeric dates, when a document itself does not tell. */
export const DateOrder = z.enum(['day_first', 'month_first', 'year_first']);
export type DateOrder = z.infer<typeof DateOrder>;

/** ISO 4217 code, e.g. EUR. */
export const CurrencyCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code, e.g. EUR'));

/** Company-wide choices that shape the review flow and the data entry agent. */
export const CompanySettingsSchema = z.object({
  /** After an approval the browser downloads the document's ZIP (the spec's default behaviour). */
  download_zip_on_approval: z.boolean(),
  /** A person may approve a document they submitted for approval themselves. */
  allow_self_approval: z.boolean(),
  /**
   * Whoever sends a document to a colleague for approval keeps it in their approval queue and may
   * still approve it. Off: a document sent to someone is in that person's queue only, and the
   * sender cannot approve it.
   */
  sender_keeps_sent_documents: z.boolean(),
  /** Approving values whose checks fail needs a note saying why, besides the confirmation. */
  require_note_for_failed_checks: z.boolean(),
  /** The company's usual numeric date order; null lets each document's own evidence decide. */
  usual_date_order: DateOrder.nullable(),
  /** The currency assumed when a document shows none; null leaves such amounts without a currency. */
  usual_currency: CurrencyCodeSchema.nullable(),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  download_zip_on_approval: true,
  allow_self_approval: true,
  sender_keeps_sent_documents: false,
  require_note_for_failed_checks: false,
  usual_date_order: null,
  usual_currency: null,
};

/** PUT /api/company/settings: only the keys sent change. */
export const UpdateCompanySettingsBodySchema = CompanySettingsSchema.partial().strict();
export type UpdateCompanySettingsBody = z.input<typeof UpdateCompanySettingsBodySchema>;
