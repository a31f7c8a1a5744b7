import type { ReviewRecord } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import {
  company,
  createDocType,
  getReview,
  type Headers,
  printedLines,
  processDocuments,
} from './factories.js';
import { appWithModelPerTest, type ReceivedRequest } from './model-stand-in.js';

const nameOf = (request: ReceivedRequest) => request.body.response_format?.json_schema?.name;

const invoice = () =>
  printedLines([
    'INVOICE',
    'Invoice Number: INV-7731',
    'Payment terms: 30 days',
    'Total: 1,234.50',
  ]);

const SECOND_APPROVER = 'Second approver above 1,000.00: The total of 1,234.50 is above 1,000.00.';

describe('the AI model’s instruction checks after a saved review', { timeout: 60_000 }, () => {
  const model = appWithModelPerTest();

  async function atReview() {
    const { t } = await model.start((request) =>
      nameOf(request) === 'instruction_checks'
        ? {
            answer: {
              checks: [
                {
                  rule: 'Second approver above 1,000.00',
                  status: 'fail',
                  message: 'The total of 1,234.50 is above 1,000.00.',
                  fields: ['total'],
                },
              ],
            },
          }
        : nameOf(request) === 'data_entry_changes'
          ? { answer: { changes: [] } }
          : { answer: { fields: {}, tables: {} } },
    );
    const admin = await company(t.app);
    const typeId = await createDocType(t.app, admin.headers, {
      name: 'Supplier invoices',
      fields: [
        { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
        { key: 'payment_terms', label: 'Payment Terms', type: 'string' },
        { key: 'total', label: 'Total', type: 'currency' },
      ],
      agentsEnabled: { extract: true, data_entry: false, recon: true },
      dataEntryInstructions: 'An invoice whose total is above 1,000.00 needs a second approver.',
    });
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [await invoice()]);
    return { headers: admin.headers, id: pipelineIds[0]! };
  }

  async function save(headers: Headers, id: string, fields: Record<string, unknown>) {
    const record = await getReview(model.t.app, headers, id);
    const values = Object.fromEntries(
      Object.entries(record.extracted_data!.fields).map(([key, cell]) => [key, cell.value]),
    );
    const response = await model.t.app.inject({
      method: 'POST',
      url: `/api/pipelines/${id}/review`,
      headers,
      payload: {
        reviewed_data: { fields: { ...values, ...fields }, tables: {} },
        version: record.version,
        action: 'save',
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json<ReviewRecord>();
  }

  const instructionChecks = (record: ReviewRecord) =>
    record.agent_report!.reconciliation!.checks.filter((check) => check.kind === 'instruction');

  it('keeps them without asking the model again, saying when a change may have made them out of date', async () => {
    const { headers, id } = await atReview();
    const asked = () =>
      model.standIn.requests.filter((r) => nameOf(r) === 'instruction_checks').length;
    expect(asked()).toBe(1);

    const untouched = await save(headers, id, { payment_terms: 'Net 30' });
    expect(instructionChecks(untouched)).toEqual([
      expect.objectContaining({ status: 'fail', message: SECOND_APPROVER }),
    ]);

    const totalChanged = await save(headers, id, { payment_terms: 'Net 30', total: 900 });
    expect(instructionChecks(totalChanged)).toEqual([
      expect.objectContaining({
        status: 'fail',
        message: `${SECOND_APPROVER} (judged on the values before they changed; run the reconciliation agent again)`,
      }),
    ]);
    expect(asked()).toBe(1);
  });
});
