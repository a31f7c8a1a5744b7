import type { FieldDefinition, TableDefinition } from '@parser/contracts';

import type { ExtractedValue, ExtractionResult } from '../document.js';
import { compact } from '../extract/layout.js';

import type { EInvoice, EInvoiceValue, HeaderTerm } from './model.js';
import { headerTermOf, isTaxTable, lineTermOf, taxTermOf } from './terms.js';

type ValueType = FieldDefinition['type'];

/** The XML's text as the type's value: numbers for amounts and quantities, ISO text for dates. */
function typedValue(text: string, type: ValueType): string | number | boolean | null {
  switch (type) {
    case 'number':
    case 'currency': {
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'boolean':
      return /^(true|1)$/i.test(text) ? true : /^(false|0)$/i.test(text) ? false : null;
    case 'date':
    case 'string':
      return text;
  }
}

/** An XML value as an extracted value: exact, so confidence 1, with its XPath as the source. */
function extracted(value: EInvoiceValue, type: ValueType): ExtractedValue {
  return {
    value: typedValue(value.value, type),
    confidence: 1,
    source: null,
    ...(value.currency && type === 'currency' ? { currency: value.currency } : {}),
    origin: { kind: 'einvoice', xpath: value.xpath },
  };
}

/** Header terms a money field may fall back to when the XML leaves its own term out. */
const FALLBACKS: Partial<Record<HeaderTerm, HeaderTerm[]>> = {
  gross_total: ['amount_due'],
  amount_due: ['gross_total'],
  net_total: ['line_total'],
};

export interface EInvoiceSchema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

/**
 * The type's fields and tables filled from an e-invoice, by meaning. Only what the XML states
 * is returned: a field or table the invoice has no term for is left out, for the page reading to
 * fill. Tables: the VAT breakdown for a table named so, the invoice lines for any other table one
 * of whose columns names a line term.
 */
export function einvoiceValues(invoice: EInvoice, schema: EInvoiceSchema): ExtractionResult {
  const result: ExtractionResult = { fields: {}, tables: {} };
  for (const field of schema.fields) {
    const term = headerTermOf(field);
    if (!term) continue;
    const value = [term, ...(FALLBACKS[term] ?? [])]
      .map((t) => invoice.header[t])
      .find((v) => v !== undefined);
    if (value) result.fields[field.key] = extracted(value, field.type);
  }
  for (const table of schema.tables) {
    const tax = isTaxTable(table);
    const columns = table.columns.flatMap((column) => {
      const term = tax ? taxTermOf(column) : lineTermOf(column);
      return term ? [{ column, term }] : [];
    });
    if (columns.length === 0) continue;
    const rows: Partial<Record<string, EInvoiceValue>>[] = tax ? invoice.taxes : invoice.lines;
    // MINIMUM and BASIC WL state no lines (MINIMUM no VAT breakdown either): the page's stand.
    if (rows.length === 0) continue;
    result.tables[table.key] = {
      rows: rows.map((row) => {
        const cells: Record<string, ExtractedValue> = {};
        for (const { column, term } of columns) {
          const value = row[term];
          if (value) cells[column.key] = extracted(value, column.type);
        }
        return cells;
      }),
    };
  }
  return result;
}

/** Whether the page shows the same thing as the XML: amounts to the cent, dates and ids exactly. */
function samePrinted(xml: ExtractedValue, printed: ExtractedValue, type: ValueType): boolean {
  if (type === 'number' || type === 'currency') {
    const a = Number(xml.value);
    const b = Number(printed.value);
    return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) < 0.005;
  }
  return compact(String(xml.value)) === compact(String(printed.value));
}

/**
 * Which terms a disagreement between XML and page is worth reporting for: identifiers, dates and
 * amounts. Names and addresses are written in many ways on paper, so they are not compared.
 */
const COMPARED_TYPES = new Set<ValueType>(['number', 'currency', 'date']);
/** Table cells compared with the page: amounts, quantities and rates (descriptions vary in print). */
const COMPARED_CELL_TYPES = new Set<ValueType>(['number', 'currency']);
const COMPARED_TERMS = new Set<HeaderTerm>([
  'invoice_number',
  'po_reference',
  'seller_vat_id',
  'buyer_vat_id',
  'iban',
]);

/**
 * The page reading with the XML's values laid over it. Where the page shows the same value, its
 * box is kept so the preview can still point at it; where it shows a different one, the printed
 * value is kept beside the XML's (`origin.printed`) for reconciliation to report. With
 * `printedPages` false (XML alone, laid out from the XML itself) there is no page to compare.
 */
export function overlayEInvoice(
  visual: ExtractionResult,
  fromXml: ExtractionResult,
  schema: EInvoiceSchema,
  printedPages = true,
): ExtractionResult {
  const out: ExtractionResult = { fields: { ...visual.fields }, tables: { ...visual.tables } };
  for (const field of schema.fields) {
    const xml = fromXml.fields[field.key];
    if (!xml) continue;
    const page = printedPages ? visual.fields[field.key] : undefined;
    const printed = page && page.value !== null && String(page.value).trim() !== '' ? page : null;
    if (!printed) {
      out.fields[field.key] = xml;
      continue;
    }
    const term = headerTermOf(field);
    const compared = COMPARED_TYPES.has(field.type) || (term !== null && COMPARED_TERMS.has(term));
    const same = samePrinted(xml, printed, field.type);
    out.fields[field.key] = {
      ...xml,
      source: printed.source,
      ...(compared && !same && xml.origin
        ? { origin: { ...xml.origin, printed: printed.value } }
        : {}),
    };
  }
  for (const table of schema.tables) {
    const xml = fromXml.tables[table.key];
    if (!xml) continue;
    const pageRows = (printedPages && visual.tables[table.key]?.rows) || [];
    // Rows are compared one to one only when the page shows as many as the XML states: with a
    // row missed or split on the page, row n of one is not row n of the other.
    const aligned = pageRows.length === xml.rows.length;
    out.tables[table.key] = {
      rows: xml.rows.map((row, index) =>
        Object.fromEntries(
          Object.entries(row).map(([column, cell]) => {
            const type = table.columns.find((c) => c.key === column)?.type ?? 'string';
            const onPage = pageRows[index]?.[column];
            const page =
              onPage && onPage.value !== null && String(onPage.value).trim() !== '' ? onPage : null;
            const same = page !== null && samePrinted(cell, page, type);
            // A cell keeps the page's box only where the page reads the same value there.
            const source = same && page.source ? page.source : null;
            // A line's amount or quantity printed otherwise than the XML states is kept beside
            // it for reconciliation, as for the header's amounts.
            const differs = aligned && page !== null && !same && COMPARED_CELL_TYPES.has(type);
            return [
              column,
              {
                ...cell,
                source,
                ...(differs && cell.origin
                  ? { origin: { ...cell.origin, printed: page.value } }
                  : {}),
              },
            ];
          }),
        ),
      ),
    };
  }
  return out;
}

/**
 * A later pass's result (learned vendor hints, a model) with the e-invoice XML's values put back:
 * values read from the XML are exact and no reading of the page may replace them.
 */
export function keepEInvoiceValues(
  later: ExtractionResult,
  engine: ExtractionResult,
): ExtractionResult {
  const out: ExtractionResult = { fields: { ...later.fields }, tables: { ...later.tables } };
  for (const [key, cell] of Object.entries(engine.fields)) {
    if (cell.origin?.kind === 'einvoice') out.fields[key] = cell;
  }
  for (const [key, table] of Object.entries(engine.tables)) {
    if (table.rows.some((row) => Object.values(row).some((c) => c.origin?.kind === 'einvoice'))) {
      out.tables[key] = table;
    }
  }
  return out;
}
