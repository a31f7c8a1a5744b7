/** Which document type an incoming document is, from the labels it prints. */
import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import type { ReadDocument } from '../document.js';
import { conceptOf, phrasesFor } from './concepts.js';
import { contextOf, findLabels } from './fields.js';
import { findHeader } from './tables.js';

export interface ClassifierType {
  id: string;
  name: string;
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

export interface Classification {
  typeId: string | null;
  score: number;
  reason: string;
  scores: { typeId: string; score: number }[];
}

const PAYMENT_WORDS =
  /\b(cash|change|visa|master\s?card|amex|debit|credit\s?card|card|tender|paid)\b/i;

export function classifyDocument(doc: ReadDocument, types: ClassifierType[]): Classification {
  const ctx = contextOf(doc);
  const text = ctx.layout.rows.map((r) => r.text).join('\n');
  const results = types.map((t) => {
    const matched: string[] = [];
    let counted = 0;
    for (const f of t.fields) {
      const concept = conceptOf(f)?.id;
      if (concept === 'vendor' || concept === 'address') continue; // printed without a label
      counted++;
      const found =
        findLabels(ctx.layout, phrasesFor(f)).length > 0 ||
        (concept === 'payment_method' && PAYMENT_WORDS.test(text));
      if (found) matched.push(f.label.toLowerCase());
    }
    for (const tb of t.tables) {
      counted++;
      if (findHeader(tb, ctx)) matched.push(`${tb.label.toLowerCase()} table`);
    }
    const nameHit =
      t.name.trim().length > 2 &&
      new RegExp(`\\b${t.name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);
    const base = counted ? matched.length / counted : 0;
    const score = Math.min(1, base + (nameHit && matched.length ? 0.1 : 0));
    return { t, matched, counted, score: Math.round(score * 1000) / 1000, nameHit };
  });
  results.sort((a, b) => b.score - a.score || b.matched.length - a.matched.length);
  const scores = results.map((r) => ({ typeId: r.t.id, score: r.score }));
  const best = results[0];
  if (!best || best.matched.length === 0) {
    return {
      typeId: null,
      score: 0,
      reason: 'No document type matches: none of the expected labels were found',
      scores,
    };
  }
  const list = best.matched.slice(0, 3).join(', ') + (best.matched.length > 3 ? '…' : '');
  if (best.score < 0.34 || best.matched.length < 2) {
    return {
      typeId: null,
      score: best.score,
      reason: `No document type matches well enough: the best, '${best.t.name}', matched only ${best.matched.length} of ${best.counted} fields (${list})`,
      scores,
    };
  }
  return {
    typeId: best.t.id,
    score: best.score,
    reason: `Matched ${best.matched.length} of ${best.counted} fields of '${best.t.name}' (${list})`,
    scores,
  };
}
