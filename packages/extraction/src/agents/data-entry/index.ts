import type { ValueRef } from '@parser/contracts';

import { holds, numbersOf, relationsOf, refsOf } from '../arithmetic.js';
import { readCsv } from '../knowledge/csv-records.js';
import { allRefs } from '../roles.js';
import type {
  AgentDocument,
  AgentSettings,
  DataEntryOutcome,
  KnowledgeDocument,
} from '../types.js';
import { cellAt, cloneValues, refKey, setValueAt, valueAt } from '../value-refs.js';

import { ChangeLog } from './change-log.js';
import { completeFromPassages, completeFromRecords, repairIdsFromRecords } from './complete.js';
import { deriveMissing, repairSeparators } from './arithmetic-fill.js';
import { repairDoubtfulFigures } from './doubtful-figures.js';
import { dateReadingOf, normaliseValue } from './normalise.js';

const RULE = 'rule';

/**
 * The data entry agent: replaces values only with better ones and says why. In order: each value
 * in its type's plain form (OCR letters in numbers read as digits when the sums allow), misplaced
 * decimal separators the arithmetic proves, an amount read from a doubtful glyph that one repair
 * makes agree with every sum, ids repaired against knowledge records, empty
 * fields from knowledge records and passages, then what arithmetic determines. A value a person
 * reviewed or edited is never touched.
 */
export function runDataEntry(
  doc: AgentDocument,
  knowledge: readonly KnowledgeDocument[],
  settings: AgentSettings,
): DataEntryOutcome {
  const log = new ChangeLog(cloneValues(doc.values), doc.locked);
  const dates = dateReadingOf(doc.text, settings);

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
    if (applied && normalised.reason.startsWith('OCR') && contradictsSums(doc, log, ref)) {
      // The repaired number parses but the sums say otherwise: leave it for a person.
      setValueAt(log.values, ref, before);
      log.changes.pop();
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
  deriveMissing(doc, log);
  assumeUsualCurrency(doc, log, settings);
  return { values: log.values, changes: log.changes };
}

/** True when a relation holding `ref` is complete and fails. */
function contradictsSums(doc: AgentDocument, log: ChangeLog, ref: ValueRef): boolean {
  const at = numbersOf(log.values);
  return relationsOf(doc.fields, doc.tables, log.values).some(
    (relation) =>
      refsOf(relation).some((r) => refKey(r) === refKey(ref)) && holds(relation, at) === false,
  );
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
