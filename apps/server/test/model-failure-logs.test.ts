import { describe, expect, it } from 'vitest';

import { CapturedLogs } from './captured-logs.js';
import { company, createDocType, printedLines, processDocuments } from './factories.js';
import { appWithModelPerTest, ModelStandIn, type StandInReply } from './model-stand-in.js';

/** Words that exist only in the document, in the type's instructions and in the model's answer. */
const DOCUMENT_TEXT = 'Remittance memo QUARTZ-HERON-4417';
const INSTRUCTIONS = 'Vendor names are printed under the heading OSPREY-LEDGER.';
const MODEL_TEXT = 'MODEL-ANSWER-CORMORANT-88';

const model = appWithModelPerTest();

/** One invoice read with the model answering `reply`; answers what the app logged meanwhile. */
async function logsOfOneReading(reply: StandInReply): Promise<CapturedLogs> {
  const logs = new CapturedLogs();
  const { t, standIn } = await model.start(
    () => reply,
    { LOG_LEVEL: 'info', LLM_API_KEY: 'sk-model-key-never-logged' },
    { logStream: logs },
  );
  const admin = await company(t.app);
  const typeId = await createDocType(t.app, admin.headers, {
    name: 'Supplier invoices',
    fields: [
      { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
      { key: 'total', label: 'Total', type: 'currency', required: true },
    ],
    tables: [],
    extractionInstructions: INSTRUCTIONS,
    agentsEnabled: { extract: true, data_entry: false, recon: false },
  });
  const invoice = await printedLines([
    'INVOICE',
    'Invoice Number: INV-7731',
    'Total: 1,234.50',
    DOCUMENT_TEXT,
  ]);
  await processDocuments(t, admin.headers, typeId, [invoice]);
  // The document did reach the model: whatever the logs lack, the request had it.
  expect(ModelStandIn.texts(standIn.requests[0]!).user).toContain(DOCUMENT_TEXT);
  expect(ModelStandIn.texts(standIn.requests[0]!).system).toContain(INSTRUCTIONS);
  return logs;
}

const expectNoContent = (logs: CapturedLogs) => {
  for (const content of [
    DOCUMENT_TEXT,
    'QUARTZ-HERON',
    INSTRUCTIONS,
    'OSPREY-LEDGER',
    MODEL_TEXT,
    'stand-in failure',
    'sk-model-key-never-logged',
  ]) {
    expect(logs.text).not.toContain(content);
  }
};

const fallbackLine = (logs: CapturedLogs) =>
  logs.entries().find((entry) => entry.msg === 'model extraction fell back to offline');

describe('log lines of a failed model request', () => {
  it.each([500, 429])(
    'name the status %i, the host and the model, never the prompt or the document',
    async (status) => {
      const logs = await logsOfOneReading({ status, retryAfter: 0 });
      expectNoContent(logs);
      const line = fallbackLine(logs);
      expect(line).toMatchObject({
        level: 40,
        modelFailure: {
          kind: 'http_status',
          statusCode: status,
          endpointHost: new URL(model.standIn.baseUrl).host,
          model: 'stand-in-7b',
          attempts: 3,
          latencyMs: expect.any(Number) as unknown,
        },
      });
      // The line is a short summary, not the request it failed on.
      expect(JSON.stringify(line).length).toBeLessThan(600);
    },
  );

  it("never hold the model's answer when it is not valid JSON", async () => {
    const logs = await logsOfOneReading({ content: `{"fields": "${MODEL_TEXT}", oops` });
    expectNoContent(logs);
    expect(fallbackLine(logs)).toMatchObject({
      modelFailure: { kind: 'invalid_answer', statusCode: null, model: 'stand-in-7b' },
    });
  });
});
