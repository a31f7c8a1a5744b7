/**
 * How well a printed label answers a schema field, 0..1, from what both mean: the field's
 * qualifiers, roles and subjects must be found in the label, and the label must not name another
 * date, amount or party of the same kind ("Net weight" never answers "Gross weight", "Issue
 * date" never answers "Expiry date"). Words the lexicon does not know count when the label prints
 * them too, and against the match when it does not.
 */
import type { FieldDefinition } from '@parser/contracts';
import { TERMS, type TagKind } from './terms.js';

const TAG_KIND = new Map(TERMS.map((term) => [term.tag, term.kind]));
import { fieldWordsMeaning, lexiconWords, type Meaning } from './meaning.js';

export interface FieldMeaning extends Meaning {
  type: FieldDefinition['type'];
  /** The field's own label, as lexicon words joined by a space. */
  own: string;
}

/** Only one tag of these kinds can be meant at once: two different ones are two different values. */
const EXCLUSIVE: readonly TagKind[] = ['when', 'money', 'role'];

const WEIGHT: Record<TagKind, number> = {
  head: 0.5,
  when: 1,
  money: 1,
  role: 1,
  subject: 1,
  weak: 0.3,
};

/**
 * Tags of one kind that can name the same value, with the credit a label earns for the other
 * one: a bank's previous balance is its opening balance; a report's issue date is its report date,
 * but not surely so.
 */
const NEAR: Record<string, Record<string, number>> = {
  opening: { previous: 1 },
  previous: { opening: 1 },
  report: { issue: 0.75 },
  issue: { report: 0.75 },
  // pay earned is gross pay
  earnings: { gross: 0.8 },
  gross: { total: 0.75, earnings: 0.8 },
  // a cover's limit is the sum insured for it
  limit: { 'insured-sum': 0.75 },
  'insured-sum': { limit: 0.75 },
  // a total weight is the gross weight
  total: { gross: 0.75 },
  // an item is named by its description
  item: { description: 0.8 },
  description: { item: 0.8 },
  // a laboratory's result is what it reports
  result: { report: 0.8 },
  // "MRN" is a patient's record number in a laboratory and a movement's reference in customs
  mrn: { patient: 0.8, declaration: 0.8 },
  patient: { mrn: 0.8 },
  declaration: { mrn: 0.8 },
};

/** Qualifiers a label leaves unsaid when it means them: a meter's reading is its current one. */
const UNSAID: Record<string, number> = { current: 0.6 };

/** The credit a label's tags give for one of the field's: 1 for the tag itself, less for a near one. */
function credit(tag: string, label: Meaning): number {
  if (label.tags.has(tag)) return 1;
  const near = Math.max(
    0,
    ...Object.entries(NEAR[tag] ?? {}).map(([other, c]) => (label.tags.has(other) ? c : 0)),
  );
  if (near) return near;
  const kind = TAG_KIND.get(tag);
  const silent = ![...label.tags.values()].some((k) => k === kind);
  return silent ? (UNSAID[tag] ?? 0) : 0;
}

/** The heads a value of each type can be announced by. */
const HEADS_OF_TYPE: Record<FieldDefinition['type'], readonly string[]> = {
  date: ['date', 'period'],
  currency: ['amount', 'balance'],
  number: ['count', 'hours', 'weight', 'amount', 'id', 'balance'],
  string: ['name', 'id', 'address', 'country', 'port'],
  boolean: [],
};

/** Heads that announce the same kind of value. */
const KIN: Record<string, string[]> = {
  amount: ['balance'],
  balance: ['amount'],
  date: ['period'],
  period: ['date'],
  count: ['id'],
};

/** What a schema field means: its label and its key read through the lexicon. */
export function fieldMeaning(field: Pick<FieldDefinition, 'key' | 'label' | 'type'>): FieldMeaning {
  const labelWords = lexiconWords(field.label);
  const keyWords = lexiconWords(field.key.replace(/_/g, ' '));
  const fromLabel = fieldWordsMeaning(labelWords);
  const fromKey = fieldWordsMeaning(keyWords);
  const tags = new Map([...fromKey.tags, ...fromLabel.tags]);
  // a word of the key the label does not say ("dob" beside "Born") counts too
  const unknown = [...new Set([...fromLabel.unknown, ...fromKey.unknown])];
  return { tags, unknown, type: field.type, own: labelWords.join(' ') };
}

/** Whether a field means something the lexicon can look for (more than its type). */
/** The weight of a particular head the field names (a period, hours, a weight). */
const SPECIFIC_HEAD = 0.25;

/** Heads too common to say on their own which value is meant ("Date", "Number", "Amount", "Name"). */
const GENERIC_HEADS = new Set(['date', 'id', 'amount', 'name']);

/** Whether a field means something the lexicon can look for (more than its type). */
export const understood = (meaning: FieldMeaning): boolean =>
  [...meaning.tags].some(([tag, kind]) => kind !== 'head' || !GENERIC_HEADS.has(tag));

const ofKind = (meaning: Meaning, kind: TagKind): string[] =>
  [...meaning.tags].filter(([, k]) => k === kind).map(([tag]) => tag);

export interface LabelScore {
  score: number;
  /** The label names a period: the field's start or end is one end of the printed range. */
  range: boolean;
}

const NONE: LabelScore = { score: 0, range: false };
const NO_TAGS: ReadonlySet<string> = new Set();

/**
 * How well a label answers a field. `implied` are tags the document's title says of the whole
 * document ("EXPORT DECLARATION"): a field asking for them ("Declaration date") need not find them
 * in the label too.
 */
export function labelScore(
  asked: FieldMeaning,
  label: Meaning,
  words: readonly string[],
  implied: ReadonlySet<string> = NO_TAGS,
): LabelScore {
  if (words.join(' ') === asked.own) return { score: 1, range: false };
  const field: FieldMeaning = {
    ...asked,
    tags: new Map([...asked.tags].filter(([tag]) => !implied.has(tag) || label.tags.has(tag))),
  };
  for (const kind of EXCLUSIVE) {
    const mine = ofKind(field, kind);
    const theirs = ofKind(label, kind);
    if (
      mine.length &&
      theirs.length &&
      !mine.some((tag) => theirs.includes(tag) || theirs.some((other) => NEAR[tag]?.[other]))
    )
      return NONE;
  }
  const fieldHeads = ofKind(field, 'head');
  // a field that names its head ("Employee ID") takes labels of that head only, not its type's others
  const allowed = new Set(
    fieldHeads.length
      ? fieldHeads.flatMap((head) => [head, ...(KIN[head] ?? [])])
      : HEADS_OF_TYPE[field.type],
  );
  const labelHeads = ofKind(label, 'head');
  if (labelHeads.length && !labelHeads.some((head) => allowed.has(head))) return NONE;
  // a period printed as one range answers the field's start and its end
  const range =
    field.type === 'date' &&
    labelHeads.includes('period') &&
    (field.tags.has('start') || field.tags.has('end')) &&
    !label.tags.has('start') &&
    !label.tags.has('end');
  let need = 0;
  let got = 0;
  let weakNeed = 0;
  let weakGot = 0;
  for (const [tag, kind] of field.tags) {
    if (kind === 'head') continue;
    const weight = WEIGHT[kind];
    need += weight;
    const given = credit(tag, label);
    if (given) got += weight * given;
    else if (range && (tag === 'start' || tag === 'end')) got += weight;
    if (kind === 'weak') {
      weakNeed += weight;
      if (given) weakGot += weight * given;
    }
  }
  // a field that names a particular head ("Period start", "Hours worked") prefers a label naming it
  let headNeed = 0;
  let headGot = 0;
  for (const head of fieldHeads)
    if (!GENERIC_HEADS.has(head)) {
      headNeed += SPECIFIC_HEAD;
      if (label.tags.has(head)) headGot += SPECIFIC_HEAD;
    }
  // an identifier's label says it is one ("Customer No."); a name's often does not ("Customer:")
  if (field.tags.has('id') && !label.tags.has('id')) need += WEIGHT.head;
  for (const word of field.unknown) {
    need += 1;
    if (words.includes(word)) got += 1;
  }
  let extra = 0;
  for (const [tag, kind] of label.tags)
    if (kind !== 'head' && !field.tags.has(tag) && !credit(tag, field)) extra += WEIGHT[kind];
  extra += 0.15 * label.unknown.filter((word) => !field.unknown.includes(word)).length;
  // only loose words asked for ("Line total", "Booking date"): the head decides, they add a little
  const core = need - weakNeed;
  if (core === 0 && need > 0) {
    const heads = labelHeads.filter((head) => allowed.has(head));
    if (!heads.length && weakGot === 0) return NONE;
    return {
      score: (heads.length ? 0.65 / (1 + 0.3 * extra) : 0.4) + 0.2 * (weakGot / weakNeed),
      range,
    };
  }
  if (core === 0) {
    // a field named by its type alone ("Date", "Weight") takes a label of that head, best one that
    // says no more; a document's own date is its date of issue
    const heads = labelHeads.filter((head) => allowed.has(head));
    const plain = field.type === 'date' && label.tags.has('issue') ? extra - 1 : extra;
    return heads.length ? { score: 0.65 / (1 + 0.3 * plain), range: false } : NONE;
  }
  if (got === 0) return NONE;
  return { score: Math.min(1, (got + headGot) / (need + headNeed + 0.5 * extra)), range };
}
