/** Tables as the source format states them (Word): header cells matched to columns, cells typed. */
import type { TableDefinition } from '@parser/contracts';
import type { ExtractedTable, ExtractedValue, Page } from '../../document.js';
import type { DocContext } from '../context.js';
import { compact, type Tok } from '../layout.js';
import { parseTyped } from '../typed.js';
import { columnPhrases } from './column-words.js';

export function fromSourceTables(
  pages: Page[],
  table: Pick<TableDefinition, 'columns'>,
  ctx: DocContext,
): ExtractedTable | null {
  for (const page of pages) {
    for (const st of page.tables ?? []) {
      for (let h = 0; h < Math.min(3, st.rows.length); h++) {
        const header = st.rows[h] ?? [];
        const map = new Map<string, number>();
        for (const c of table.columns) {
          const phrases = columnPhrases(c);
          const idx = header.findIndex(
            (cell, i) => ![...map.values()].includes(i) && phrases.includes(compact(cell)),
          );
          if (idx >= 0) map.set(c.key, idx);
        }
        if (map.size < Math.min(2, table.columns.length)) continue;
        const rows: Record<string, ExtractedValue>[] = [];
        for (const r of st.rows.slice(h + 1)) {
          if (r.every((c) => !c.trim())) continue;
          const rec: Record<string, ExtractedValue> = {};
          for (const c of table.columns) {
            const i = map.get(c.key);
            const text = i === undefined ? '' : (r[i] ?? '').trim();
            if (!text) {
              rec[c.key] = { value: null, confidence: 0, source: null };
              continue;
            }
            const tok: Tok = { text, norm: compact(text), box: [0, 0, 0, 0], conf: 1 };
            const parsed = parseTyped([tok], c.type, ctx);
            rec[c.key] = parsed
              ? { value: parsed.value, confidence: 0.95 * parsed.quality, source: null }
              : { value: text, confidence: 0.3, source: null };
          }
          rows.push(rec);
        }
        return { rows };
      }
    }
  }
  return null;
}
