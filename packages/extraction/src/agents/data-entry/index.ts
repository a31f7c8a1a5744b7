import { numbersOf, relationsOf } from '../arithmetic.js';
import { readCsv } from '../knowledge/csv-records.js';
import { numberOf } from '../numbers.js';
import { allRefs } from '../roles.js';
import { SumSheet } from '../sum-sheet.js';
import type {
  AgentDocument,
  AgentSettings,
  DataEntryOutcome,
  KnowledgeDocument,
} from '../types.js';
import { cellAt, cloneValues, setValueAt, valueAt } from '../value-refs.js';

import { ChangeLog } from './change-log.js';
import { completeFromPassages, completeFromRecords, repairIdsFromRecords } from './complete.js';
import { deriveMissing, repairSeparators } from './arithmetic-fill.js';
import { repairDoubtfulFigures } from './doubtful-figures.js';
import { dateReadingOf, normaliseValue } from './normalise.js';
import { takeFromTotalsTable } from './totals-table-fill.js';

const RULE = 'rule';

/**
 * The data entry agent: replaces values only with better ones and says why. In order: each value
 * in its type's plain form (OCR letters in numbers read as digits when the sums allow), misplaced
 * decimal separators the arithmetic proves, an amount read from a doubtful glyph that one repair
 * makes agree with every sum, ids repaired against knowledge records, empty
 * fields from knowledge records and passages, the total (and an empty subtotal and tax) from a
 * totals table with net, tax and gross columns, then what arithmetic determines. A value a person
 * reviewed or edited is never touched.
 */
export function runDataEntry(
  doc: AgentDocument,
  knowledge: readonly KnowledgeDocument[],
  settings: AgentSettings,
): DataEntryOutcome {
  const log = new ChangeLog(cloneValues(doc.values), doc.locked);
  const dates = dateReadingOf(doc.text, settings);

  // The sums depend on the values only as numbers, and most values written in their plain form
  // read as the same number ("1O.50" and 10.5 alike): the sums are worked out again only after a
  // change that moved one, not for every figure repaired on a document of thousands of lines.
  let sums: SumSheet | null = null;
  const sumsNow = () =>
    (sums ??= new SumSheet(
      relationsOf(doc.fields, doc.tables, log.values, doc.text),
      numbersOf(log.values),
    ));
  for (const { ref, type } of allRefs(doc)) {
    const cell = cellAt(log.values, ref);
    if (!cell) continue;
    const normalised = normaliseValue(type as never, cell.value, dates);
    if (!normalised) continue;
    const before = structuredClone(cell);
    const applied = log.apply(
      ref,
      {
        value: normalised.value,
        ...(normalised.currency ? { currency: normalised.currency } : {}),
      },
      { reason: normalised.reason, source: RULE },
    );
    if (!applied) continue;
    const movesNumber = numberOf(before.value) !== numberOf(normalised.value);
    if (movesNumber) sums = null;
    if (normalised.reason.startsWith('OCR') && sumsNow().failsAt(ref)) {
      // The repaired number parses but the sums say otherwise: leave it for a person.
      setValueAt(log.values, ref, before);
      log.changes.pop();
      if (movesNumber) sums = null;
    }
  }

  repairSeparators(doc, log);
  repairDoubtfulFigures(doc, log);
  const tables = knowledge.filter((k) => k.kind === 'csv').flatMap((k) => readCsv(k) ?? []);
  repairIdsFromRecords(doc, tables, log);
  completeFromRecords(doc, tables, log, dates);
  completeFromPassages(
    doc,
    knowledge.filter((k) => k.kind === 'text'),
    log,
    dates,
  );
  takeFromTotalsTable(doc, log);
  deriveMissing(doc, log);
  assumeUsualCurrency(doc, log, settings);
  return { values: log.values, changes: log.changes };
}

/** Amounts that show no currency take the company's usual one. */
function assumeUsualCurrency(doc: AgentDocument, log: ChangeLog, settings: AgentSettings): void {
  const currency = settings.usualCurrency;
  if (!currency) return;
  for (const { ref, type } of allRefs(doc)) {
    // Fields only: every line cell saying the same would bury the changes that matter.
    if (type !== 'currency' || ref.field === undefined) continue;
    const cell = cellAt(log.values, ref);
    if (!cell || cell.currency || typeof cell.value !== 'number') continue;
    log.apply(
      ref,
      { value: valueAt(log.values, ref), currency },
      { reason: `Currency ${currency} assumed (the company's usual currency)`, source: RULE },
    );
  }
}
