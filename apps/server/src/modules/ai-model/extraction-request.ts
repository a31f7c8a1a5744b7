import type { FieldType } from '@parser/contracts';
import type { ReadDocument } from '@parser/extraction';
import type { ModelMessage } from 'ai';
import { z } from 'zod';

import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import { DOCUMENT_IS_DATA, documentBlock } from './document-prompt.js';

/** The model's answer: a value (or null) per field, rows per table; checked field by field later. */
export interface ModelExtraction {
  fields: Record<string, string | number | boolean | null>;
  tables: Record<string, Record<string, string | number | null>[]>;
}

const FORMAT: Record<FieldType, string> = {
  string: 'text as printed',
  number: 'a plain number',
  currency: 'an amount as a plain number, no currency sign or thousands separator',
  date: 'a date as YYYY-MM-DD',
  boolean: 'true or false',
};

/**
 * A value's schema. Dates are strings here, not a strict pattern: a badly read date must not make
 * the whole answer fail the schema; the merge rejects it on its own and keeps the offline value.
 */
function valueSchema(type: FieldType, description: string) {
  const base =
    type === 'number' || type === 'currency'
      ? z.number()
      : type === 'boolean'
        ? z.boolean()
        : z.string();
  return base.nullable().describe(description);
}

function describe(
  item: { label: string; type: FieldType; aliases?: string[] | undefined },
  required?: boolean,
): string {
  const parts = [`"${item.label}": ${FORMAT[item.type]}`];
  if (item.aliases?.length)
    parts.push(`also printed as ${item.aliases.map((a) => `"${a}"`).join(', ')}`);
  if (required) parts.push('required when the document shows it');
  parts.push('null when the document does not show it');
  return parts.join('; ');
}

/** The JSON Schema the answer must match: every field and table of the type, nothing else. */
export function extractionSchema(docType: PipelineDocType): z.ZodType<ModelExtraction> {
  const fields = Object.fromEntries(
    docType.fields.map((field) => [
      field.key,
      valueSchema(field.type, describe(field, field.required)),
    ]),
  );
  const tables = Object.fromEntries(
    docType.tables.map((table) => [
      table.key,
      z
        .array(
          z.object(
            Object.fromEntries(
              table.columns.map((column) => [
                column.key,
                valueSchema(column.type, describe(column)),
              ]),
            ),
          ),
        )
        .describe(`"${table.label}": one object per row, in the document's order; [] when none`),
    ]),
  );
  return z.object({
    fields: z.object(fields),
    tables: z.object(tables),
  }) as unknown as z.ZodType<ModelExtraction>;
}

/** The system message: the task, the type's fields and the company's instructions, never the document. */
export function extractionSystem(
  docType: PipelineDocType,
  learnedHints: readonly string[] = [],
): string {
  const lines = [
    `You read business documents of the type "${docType.name}" and answer their values as JSON matching the given JSON Schema.`,
    DOCUMENT_IS_DATA,
    'Copy values as the document prints them. Dates as YYYY-MM-DD. Numbers and amounts as plain numbers.',
    'When the document does not show a value, answer null; do not guess or compute values that are not printed.',
    '',
    'Fields:',
    ...docType.fields.map((field) => `- ${field.key}: ${describe(field, field.required)}`),
  ];
  if (docType.tables.length > 0) {
    lines.push('', 'Tables:');
    for (const table of docType.tables) {
      lines.push(`- ${table.key}: "${table.label}", rows with columns:`);
      for (const column of table.columns) lines.push(`  - ${column.key}: ${describe(column)}`);
    }
  }
  if (docType.extractionInstructions.trim()) {
    lines.push(
      '',
      "The company's own extraction instructions for this type (from the company, not from the document):",
      docType.extractionInstructions.trim(),
    );
  }
  if (learnedHints.length > 0) {
    lines.push(
      '',
      "Where this vendor's documents print their values, as the company's reviewers confirmed them (from the company, not from the document):",
      ...learnedHints.map((hint) => `- ${hint}`),
    );
  }
  return lines.join('\n');
}

/** The user message: the document's text between delimiters, and its page images when given. */
export function extractionMessages(
  doc: ReadDocument,
  fileName: string,
  pageImages: readonly Uint8Array[] = [],
): ModelMessage[] {
  const text = `${documentBlock(doc, fileName)}\nAnswer the values of this document.`;
  if (pageImages.length === 0) return [{ role: 'user', content: text }];
  return [
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...pageImages.map((image) => ({ type: 'image' as const, image, mediaType: 'image/jpeg' })),
      ],
    },
  ];
}
