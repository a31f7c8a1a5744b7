import type { ReviewRecord } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { company, createDocType, getReview, printedLines, processDocuments } from './factories.js';
import {
  appWithModelPerTest,
  ModelStandIn,
  type ReceivedRequest,
  type StandInReply,
} from './model-stand-in.js';

const INSTRUCTIONS = [
  'Write payment terms in capitals.',
  'An invoice whose total is above 1,000.00 needs a second approver: flag it.',
].join('\n');

const invoice = () =>
  printedLines([
    'INVOICE',
    'Invoice Number: INV-7731',
    'Invoice Date: 15/03/2024',
    'Payment terms: 30 days',
    'Total: 1,234.50',
  ]);

const nameOf = (request: ReceivedRequest) => request.body.response_format?.json_schema?.name;

describe('the agents with an AI model', () => {
  const model = appWithModelPerTest();

  async function run(reply: (request: ReceivedRequest) => StandInReply) {
    const { record } = await setUp(reply);
    return record;
  }

  async function setUp(reply: (request: ReceivedRequest) => StandInReply) {
    const { t } = await model.start(reply);
    const admin = await company(t.app);
    const typeId = await createDocType(t.app, admin.headers, {
      name: 'Supplier invoices',
      fields: [
        { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
        { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
        { key: 'payment_terms', label: 'Payment Terms', type: 'string' },
        { key: 'total', label: 'Total', type: 'currency' },
      ],
      agentsEnabled: { extract: true, data_entry: true, recon: true },
      dataEntryInstructions: INSTRUCTIONS,
    });
    const { pipelineIds } = await processDocuments(t, admin.headers, typeId, [await invoice()]);
    const record = await getReview(t.app, admin.headers, pipelineIds[0]!);
    return { record, admin, pipelineId: pipelineIds[0]! };
  }

  /** The agents' model warnings (the extraction step's own are another test's concern). */
  const modelWarnings = (record: ReviewRecord) =>
    record.history
      .filter((entry) => entry.kind === 'model_warning' && entry.data.step !== 'extraction')
      .map((entry) => ({ actor: entry.actor, ...entry.data }));

  it('applies the data entry instructions as changes sourced to the model, and adds their checks', async () => {
    const record = await run((request) => {
      const name = nameOf(request);
      if (name === 'data_entry_changes') {
        return {
          answer: {
            changes: [
              {
                field: 'payment_terms',
                table: null,
                row: null,
                column: null,
                value: '30 DAYS',
                reason: 'Payment terms are written in capitals',
              },
              // Not a date: left out on its own.
              {
                field: 'invoice_date',
                table: null,
                row: null,
                column: null,
                value: 'the ides of March',
                reason: 'bad',
              },
              // No such field: left out.
              { field: 'iban', table: null, row: null, column: null, value: 'X', reason: 'bad' },
            ],
          },
        };
      }
      if (name === 'instruction_checks') {
        return {
          answer: {
            checks: [
              {
                rule: 'Second approver above 1,000.00',
                status: 'fail',
                message: 'The total of 1,234.50 is above 1,000.00.',
                fields: ['total', 'not_a_field'],
              },
            ],
          },
        };
      }
      return { answer: { fields: {}, tables: {} } };
    });
    expect(record.current_step).toBe('human_review');
    const changes = record.agent_report!.data_entry!.changes;
    expect(changes.filter((change) => change.source === 'AI model stand-in-7b')).toEqual([
      {
        field: 'payment_terms',
        old: expect.anything() as unknown,
        new: '30 DAYS',
        reason: 'Payment terms are written in capitals',
        source: 'AI model stand-in-7b',
      },
    ]);
    expect(record.extracted_data!.fields.payment_terms!.value).toBe('30 DAYS');
    expect(record.extracted_data!.fields.invoice_date!.value).not.toBe('the ides of March');
    const instructionChecks = record.agent_report!.reconciliation!.checks.filter(
      (check) => check.kind === 'instruction',
    );
    expect(instructionChecks).toEqual([
      {
        kind: 'instruction',
        status: 'fail',
        message: 'Second approver above 1,000.00: The total of 1,234.50 is above 1,000.00.',
        fields: [{ field: 'total' }],
      },
    ]);
    expect(record.agent_report!.reconciliation!.summary.fail).toBeGreaterThanOrEqual(1);

    const dataEntry = model.standIn.requests.find((r) => nameOf(r) === 'data_entry_changes')!;
    const { system, user } = ModelStandIn.texts(dataEntry);
    expect(system).toContain('Write payment terms in capitals.');
    expect(user).toContain('<values>');
    expect(user).toContain('Payment terms: 30 days');
  });

  it('keeps the agents’ own result when the model fails, with a warning in the history', async () => {
    const record = await run((request) =>
      nameOf(request) === 'document_values'
        ? { answer: { fields: {}, tables: {} } }
        : { status: 500, retryAfter: 0 },
    );
    expect(record.current_step).toBe('human_review');
    expect(modelWarnings(record)).toEqual([
      {
        actor: 'Data entry agent',
        step: 'data_entry',
        message:
          "The model endpoint answered HTTP 500; the data entry agent's own changes were kept.",
      },
      {
        actor: 'Reconciliation agent',
        step: 'reconciliation',
        message:
          "The model endpoint answered HTTP 500; the checks in the instructions were not made, the reconciliation agent's own checks were kept.",
      },
    ]);
    const changes = record.agent_report!.data_entry!.changes;
    expect(changes.some((change) => change.source.startsWith('AI model'))).toBe(false);
    expect(
      record.agent_report!.reconciliation!.checks.some((check) => check.kind === 'instruction'),
    ).toBe(false);
  });

  it('writes the warning on a run from the Agents screen too, once per document', async () => {
    let failing = false;
    const { admin, pipelineId } = await setUp((request) => {
      if (nameOf(request) === 'document_values') return { answer: { fields: {}, tables: {} } };
      if (failing) return { content: '{"changes": "not a list"' };
      return nameOf(request) === 'data_entry_changes'
        ? { answer: { changes: [] } }
        : { answer: { checks: [] } };
    });
    failing = true;
    const response = await model.t.app.inject({
      method: 'POST',
      url: '/api/agents/data-entry/run',
      headers: admin.headers,
      payload: { pipeline_ids: [pipelineId] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ successful: number }>().successful).toBe(1);
    const record = await getReview(model.t.app, admin.headers, pipelineId);
    expect(modelWarnings(record)).toEqual([
      {
        actor: 'Data entry agent',
        step: 'data_entry',
        message:
          "The model's answer was not valid JSON for the document type's fields; the data entry agent's own changes were kept.",
      },
    ]);
  });
});
