import {
  type ExportDocument,
  type ReconCheck,
  ReconReportSchema,
  type ReviewedData,
  type ReviewRecord,
} from '@parser/contracts';
import { invoicePdf } from '@parser/test-documents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import {
  company,
  createInvoiceType,
  extractedValues,
  getReview,
  type Headers,
  processDocuments,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

/** The review values as the screen starts them: the engine's values, table rows included. */
const shownValues = (record: ReviewRecord): ReviewedData =>
  record.reviewed_data ?? extractedValues(record);

async function saveReview(
  headers: Headers,
  id: string,
  change: (values: ReviewedData) => void,
  action: 'save' | 'submit' = 'submit',
) {
  const record = await getReview(t.app, headers, id);
  const values = structuredClone(shownValues(record));
  change(values);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/pipelines/${id}/review`,
    headers,
    payload: { reviewed_data: values, version: record.version, action },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ReviewRecord>();
}

const decide = (headers: Headers, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pipelines/${id}/approval`,
    headers,
    payload: { action: 'approve', ...payload },
  });

const exportJson = async (headers: Headers, id: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/pipelines/${id}/export?format=json`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ExportDocument>();
};

const failed = (checks: readonly ReconCheck[] | undefined) =>
  (checks ?? []).filter((check) => check.status === 'fail').map((check) => check.message);

const sumCheck = (record: ReviewRecord) =>
  record.agent_report?.reconciliation?.checks.find((check) =>
    check.message.startsWith('Subtotal + tax = total'),
  );

/** An invoice whose page prints the total 248.59 where subtotal + tax make 246.59. */
async function misreadTotalAtReview(headers: Headers, typeId: string) {
  const document = await invoicePdf({ misprint: { total: 248.59 } });
  const { pipelineIds } = await processDocuments(t, headers, typeId, [document]);
  return pipelineIds[0]!;
}

const reconTypeOf = (headers: Headers) =>
  createInvoiceType(
    t.app,
    headers,
    { config: { include_metadata: false, include_recon: true } },
    { data_entry: false, recon: true },
  );

describe('POST /api/pipelines/:id/review runs the checks again on the values saved', () => {
  it('a corrected total passes for the approver, and the export reports the exported values', async () => {
    const { headers } = await company(t.app);
    const id = await misreadTotalAtReview(headers, await reconTypeOf(headers));
    const atReview = await getReview(t.app, headers, id);
    expect(sumCheck(atReview)?.status).toBe('fail');

    const submitted = await saveReview(headers, id, (values) => {
      values.fields.total = 246.59;
    });
    expect(submitted.current_step).toBe('approval');
    // The approver sees the checks of the values being approved: the sum now holds.
    expect(sumCheck(submitted)?.status).toBe('pass');
    expect(failed(submitted.agent_report?.reconciliation?.checks)).toEqual([]);
    const rerun = submitted.history.filter((entry) => entry.kind === 'checks_rerun');
    expect(rerun.at(-1)?.data).toMatchObject({ after: 'review_saved' });
    expect(String(rerun.at(-1)?.data.message)).toMatch(/^All \d+ checks passed/);

    // Nothing fails, so no confirmation is asked for.
    expect((await decide(headers, id, {})).statusCode).toBe(200);
    const exported = await exportJson(headers, id);
    expect(exported.data.fields.total).toBe(246.59);
    const report = ReconReportSchema.parse(exported.reconciliation);
    expect(failed(report.checks)).toEqual([]);
    expect(report.checks.find((c) => c.message.startsWith('Subtotal + tax = total'))?.status).toBe(
      'pass',
    );
  });

  it('a total the clerk mistypes fails its sum, and the export reports that failure', async () => {
    const { headers } = await company(t.app);
    const id = await misreadTotalAtReview(headers, await reconTypeOf(headers));
    await saveReview(
      headers,
      id,
      (values) => {
        values.fields.total = 246.59;
      },
      'save',
    );
    const submitted = await saveReview(headers, id, (values) => {
      values.fields.total = 264.59;
    });
    const sum = sumCheck(submitted);
    expect(sum?.status).toBe('fail');
    // The clerk's figure is theirs, not a reading to doubt: the values do not add up.
    expect(sum?.message).toBe('Subtotal + tax = total does not hold: off by 18.00.');

    const confirmed = await decide(headers, id, {
      confirm_failed_checks: true,
      notes: 'as agreed',
    });
    expect(confirmed.statusCode).toBe(200);
    const report = ReconReportSchema.parse((await exportJson(headers, id)).reconciliation);
    expect(report.checks.find((c) => c.message.startsWith('Subtotal + tax = total'))).toEqual(sum);
    expect((await exportJson(headers, id)).data.fields.total).toBe(264.59);
  });
});

describe('POST /api/pipelines/:id/re-extract runs the checks again on the new values', () => {
  it('before a review is saved, the checks follow the values read again', async () => {
    const { headers } = await company(t.app);
    const document = await invoicePdf();
    const { pipelineIds } = await processDocuments(t, headers, await reconTypeOf(headers), [
      document,
    ]);
    const id = pipelineIds[0]!;
    // Values stored by an earlier reading that got the total wrong, with their failing checks.
    await sql`UPDATE pipelines
      SET extracted_data = jsonb_set(extracted_data, '{fields,total,value}', '264.59')
      WHERE id = ${id}`.execute(t.db);
    await saveReview(headers, id, () => {}, 'save');
    await sql`UPDATE pipelines SET reviewed_data = NULL WHERE id = ${id}`.execute(t.db);
    expect(sumCheck(await getReview(t.app, headers, id))?.status).not.toBe('pass');

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/re-extract`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const record = response.json<ReviewRecord>();
    expect(record.extracted_data?.fields.total?.value).toBe(246.59);
    expect(sumCheck(record)?.status).toBe('pass');
    expect(record.history.at(-1)).toMatchObject({
      kind: 'checks_rerun',
      data: { after: 're_extracted' },
    });
  });
});

describe('POST /api/pipelines/:id/approval with failing checks', () => {
  it('answers 409 CHECKS_NOT_CONFIRMED when the approver has not confirmed, and records a confirmation in the history', async () => {
    const { headers } = await company(t.app);
    const id = await misreadTotalAtReview(headers, await reconTypeOf(headers));
    const submitted = await saveReview(headers, id, () => {});
    const failing = failed(submitted.agent_report?.reconciliation?.checks);
    expect(failing.length).toBeGreaterThan(0);

    const refused = await decide(headers, id, {
      notes: 'looks fine',
      confirm_failed_checks: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHECKS_NOT_CONFIRMED' });
    expect(refused.json<{ detail: string }>().detail).toContain(failing[0]);
    expect((await getReview(t.app, headers, id)).current_step).toBe('approval');

    const approved = await decide(headers, id, {
      notes: 'vendor confirmed',
      confirm_failed_checks: true,
    });
    expect(approved.statusCode).toBe(200);
    const record = approved.json<ReviewRecord>();
    expect(record.current_step).toBe('completed');
    const entry = record.history.find((e) => e.kind === 'approved');
    expect(entry?.data).toEqual({ notes: 'vendor confirmed', failed_checks: failing });
  });

  it('approves a decision sent as first published (no confirmation field), recording the failed checks as unconfirmed', async () => {
    const { headers } = await company(t.app);
    const id = await misreadTotalAtReview(headers, await reconTypeOf(headers));
    const failing = failed(
      (await saveReview(headers, id, () => {})).agent_report?.reconciliation?.checks,
    );
    expect(failing.length).toBeGreaterThan(0);

    const approved = await decide(headers, id, { notes: 'from our ERP' });
    expect(approved.statusCode).toBe(200);
    const entry = approved.json<ReviewRecord>().history.find((e) => e.kind === 'approved');
    expect(entry?.data).toEqual({
      notes: 'from our ERP',
      failed_checks: failing,
      failed_checks_unconfirmed: true,
    });
  });

  it('asks for a note when the company requires one', async () => {
    const { headers } = await company(t.app);
    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers,
      payload: { require_note_for_failed_checks: true },
    });
    expect(setting.json()).toMatchObject({ require_note_for_failed_checks: true });
    const id = await misreadTotalAtReview(headers, await reconTypeOf(headers));
    await saveReview(headers, id, () => {});

    const withoutNote = await decide(headers, id, { confirm_failed_checks: true, notes: '  ' });
    expect(withoutNote.statusCode).toBe(400);
    expect(withoutNote.json<{ detail: string }>().detail).toContain('note');
    const withNote = await decide(headers, id, {
      confirm_failed_checks: true,
      notes: 'Total checked with the vendor',
    });
    expect(withNote.statusCode).toBe(200);
  });

  it('approves values whose checks pass, or a type without checks, without a confirmation', async () => {
    const { headers } = await company(t.app);
    const noChecks = await createInvoiceType(t.app, headers);
    const id = await misreadTotalAtReview(headers, noChecks);
    const submitted = await saveReview(headers, id, () => {});
    expect(submitted.agent_report ?? null).toBeNull();
    expect((await decide(headers, id, {})).statusCode).toBe(200);
  });
});

describe('a value an agent derived follows the values it came from', () => {
  it('works the subtotal out again when the clerk corrects the misread total, and says so', async () => {
    const { headers } = await company(t.app);
    const typeId = await createInvoiceType(
      t.app,
      headers,
      { config: { include_metadata: false, include_recon: true } },
      { data_entry: true, recon: true },
    );
    const id = await misreadTotalAtReview(headers, typeId);
    // A reading that missed the subtotal and the lines: only the total and the tax were read.
    await sql`UPDATE pipelines
      SET extracted_data = jsonb_set(jsonb_set(extracted_data, '{fields,subtotal,value}', 'null'),
        '{tables,line_items,rows}', '[]'::jsonb)
      WHERE id = ${id}`.execute(t.db);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/agents/data-entry/run',
      headers,
      payload: { pipeline_ids: [id] },
    });
    expect(run.statusCode).toBe(200);
    const derived = await getReview(t.app, headers, id);
    expect(derived.extracted_data?.fields.subtotal?.value).toBe(207.49);
    // Derived from the misread total, the sum agrees by construction: the checks, run again on
    // the agent's values, no longer fail it.
    expect(sumCheck(derived)?.status).toBe('pass');

    const saved = await saveReview(
      headers,
      id,
      (values) => {
        values.fields.total = 246.59;
      },
      'save',
    );
    expect(saved.reviewed_data?.fields.subtotal).toBe(205.49);
    const note = saved.agent_report?.data_entry?.changes.findLast((c) => c.field === 'subtotal');
    expect(note).toMatchObject({ old: 207.49, new: 205.49, derived: true });
    expect(note?.reason).toBe('Worked out again after Total changed: subtotal + tax = total');
    const event = saved.history.find((entry) => entry.kind === 'derived_value_updated');
    expect(event).toMatchObject({
      actor: 'Data entry agent',
      data: { field: 'subtotal', old: 207.49, new: 205.49 },
    });
    expect(sumCheck(saved)?.status).toBe('pass');

    // The tax cleared: the subtotal no longer follows from anything, so it is cleared too.
    const cleared = await saveReview(
      headers,
      id,
      (values) => {
        values.fields.tax = null;
      },
      'save',
    );
    expect(cleared.reviewed_data?.fields.subtotal).toBeNull();
    expect(
      cleared.history.filter((e) => e.kind === 'derived_value_updated').at(-1)?.data,
    ).toMatchObject({ field: 'subtotal', old: 205.49, new: null });
  });

  it('leaves a derived value the clerk edited as the clerk wrote it', async () => {
    const { headers } = await company(t.app);
    const typeId = await createInvoiceType(t.app, headers, {}, { data_entry: true, recon: false });
    const id = await misreadTotalAtReview(headers, typeId);
    await sql`UPDATE pipelines
      SET extracted_data = jsonb_set(jsonb_set(extracted_data, '{fields,subtotal,value}', 'null'),
        '{tables,line_items,rows}', '[]'::jsonb)
      WHERE id = ${id}`.execute(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/agents/data-entry/run',
      headers,
      payload: { pipeline_ids: [id] },
    });
    const saved = await saveReview(
      headers,
      id,
      (values) => {
        values.fields.subtotal = 200;
        values.fields.total = 246.59;
      },
      'save',
    );
    expect(saved.reviewed_data?.fields.subtotal).toBe(200);
    expect(saved.history.some((e) => e.kind === 'derived_value_updated')).toBe(false);
  });
});
