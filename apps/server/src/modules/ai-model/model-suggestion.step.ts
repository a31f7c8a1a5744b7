import { ColumnType, type FileExtractionResponse, FieldType } from '@parser/contracts';
import { type ReadDocument, toKey } from '@parser/extraction';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

import { DOCUMENT_IS_DATA, documentBlock } from './document-prompt.js';
import type { ModelCallsRepository } from './model-calls.repository.js';
import { ModelCallError, type ModelClient } from './model-client.js';

const ProposalSchema = z.object({
  fields: z.array(
    z.object({
      label: z.string().describe('The label as printed, e.g. "Invoice Number"'),
      type: FieldType,
      value: z.string().nullable().describe('The value printed on this document'),
    }),
  ),
  tables: z.array(
    z.object({
      label: z.string(),
      columns: z.array(z.object({ label: z.string(), type: ColumnType })),
    }),
  ),
});
type Proposal = z.infer<typeof ProposalSchema>;

const SYSTEM = [
  'You help set up a document type from an example document: propose the single-value fields and',
  'the tables (line items and other repeating rows) that a company would want to extract from',
  'documents like it. Use the labels the document prints. Field types: string, number, date,',
  'currency (money amounts) or boolean; table column types: string, number, date or currency.',
  DOCUMENT_IS_DATA,
  'Answer JSON matching the given JSON Schema.',
].join(' ');

/** Fields and tables proposed at most, so a chatty answer cannot flood the builder. */
const MAX_FIELDS = 40;
const MAX_TABLES = 5;
const MAX_COLUMNS = 15;

/**
 * Quick Setup with the model: it proposes fields and tables for the example document, added to
 * the offline suggestion where the offline engine did not already propose the same key. Any
 * failure answers the offline suggestion unchanged.
 */
export class ModelSuggestionStep {
  constructor(
    private readonly deps: {
      client: ModelClient;
      calls: ModelCallsRepository;
      log: FastifyBaseLogger;
    },
  ) {}

  async improve(
    tenantId: string,
    doc: ReadDocument,
    fileName: string,
    offline: FileExtractionResponse,
  ): Promise<FileExtractionResponse> {
    let proposal: Proposal;
    try {
      const answer = await this.deps.client.generate({
        schema: ProposalSchema,
        name: 'document_type_proposal',
        system: SYSTEM,
        messages: [
          {
            role: 'user',
            content: `${documentBlock(doc, fileName)}\nPropose the fields and tables.`,
          },
        ],
      });
      await this.deps.calls.insert({
        tenantId,
        pipelineId: null,
        purpose: 'suggestion',
        model: answer.model,
        outcome: 'used',
        inputTokens: answer.usage.inputTokens,
        outputTokens: answer.usage.outputTokens,
        latencyMs: answer.latencyMs,
        error: null,
      });
      proposal = answer.object;
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      this.deps.log.warn({ modelFailure: error.facts }, 'model suggestion fell back to offline');
      await this.deps.calls.insert({
        tenantId,
        pipelineId: null,
        purpose: 'suggestion',
        model: error.model,
        outcome: 'fallback',
        inputTokens: error.usage.inputTokens,
        outputTokens: error.usage.outputTokens,
        latencyMs: error.latencyMs,
        error: error.message,
      });
      return offline;
    }
    return mergeProposal(offline, proposal);
  }
}

/** The offline suggestion plus the model's fields and tables whose keys it does not have yet. */
export function mergeProposal(
  offline: FileExtractionResponse,
  proposal: Proposal,
): FileExtractionResponse {
  const fields = { ...offline.extraction_result.fields };
  const tables = { ...offline.extraction_result.tables };
  // One key space: review data holds fields and tables side by side.
  const used = new Set([...Object.keys(fields), ...Object.keys(tables)]);
  const labels = new Set(Object.values(fields).map((field) => field.label.trim().toLowerCase()));
  for (const field of proposal.fields.slice(0, MAX_FIELDS)) {
    const label = field.label.trim().slice(0, 200);
    const key = toKey(label);
    if (!label || used.has(key) || labels.has(label.toLowerCase())) continue;
    used.add(key);
    labels.add(label.toLowerCase());
    fields[key] = { label, type: field.type, value: field.value };
  }
  for (const table of proposal.tables.slice(0, MAX_TABLES)) {
    const label = table.label.trim().slice(0, 200);
    const key = toKey(label);
    if (!label || used.has(key) || table.columns.length === 0) continue;
    const columns: FileExtractionResponse['extraction_result']['tables'][string]['columns'] = {};
    for (const column of table.columns.slice(0, MAX_COLUMNS)) {
      const columnLabel = column.label.trim().slice(0, 200);
      const columnKey = toKey(columnLabel);
      if (columnLabel && !(columnKey in columns))
        columns[columnKey] = { label: columnLabel, type: column.type };
    }
    used.add(key);
    tables[key] = { label, columns };
  }
  return { extraction_result: { fields, tables } };
}
