import MiniSearch from 'minisearch';

import { nameTokens } from './names.js';
import type { KnowledgeDocument } from '../types.js';

/** A few lines of a knowledge document: enough to hold a label, its value and whose it is. */
interface Passage {
  id: number;
  document: string;
  text: string;
}

const LINES_PER_PASSAGE = 3;
/** Knowledge beyond this many passages per document is not searched (a manual, not a record). */
const MAX_PASSAGES = 20_000;

/** A BM25 index over the passages of a type's prose knowledge documents. */
export class PassageIndex {
  private readonly search: MiniSearch<Passage>;

  constructor(documents: readonly KnowledgeDocument[]) {
    this.search = new MiniSearch<Passage>({
      fields: ['text'],
      storeFields: ['document', 'text'],
    });
    let id = 0;
    for (const document of documents) {
      const lines = document.text
        .split(/\r?\n|\f/)
        .map((line) => line.trim())
        .filter(Boolean);
      const passages: Passage[] = [];
      // Overlapping windows, so a label at the end of one passage keeps its value in the next.
      for (let i = 0; i < lines.length && passages.length < MAX_PASSAGES; i += 2) {
        passages.push({
          id: id++,
          document: document.name,
          text: lines.slice(i, i + LINES_PER_PASSAGE).join('\n'),
        });
      }
      this.search.addAll(passages);
    }
  }

  /** The passages best matching the words, best first. */
  find(words: string, limit = 8): { document: string; text: string }[] {
    return this.search
      .search(words, { fuzzy: 0.15, prefix: true })
      .slice(0, limit)
      .map((hit) => ({ document: String(hit.document), text: String(hit.text) }));
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text printed right after one of the labels on the same line ("Payment terms: Net 30" →
 * "Net 30"), or null.
 */
export function valueAfterLabel(passage: string, labels: readonly string[]): string | null {
  for (const label of labels) {
    const words = nameTokens(label).length > 0 ? label.trim().split(/[\s_]+/) : [];
    if (words.length === 0) continue;
    const pattern = new RegExp(
      `(?:^|[^\\p{L}\\p{N}])${words.map(escape).join('[\\s_-]+')}\\s*(?:[:=#–-]|\\s)\\s*([^\\n]+)`,
      'iu',
    );
    const match = pattern.exec(passage);
    const value = match?.[1]?.trim().replace(/[;,.]$/, '');
    if (value) return value;
  }
  return null;
}
