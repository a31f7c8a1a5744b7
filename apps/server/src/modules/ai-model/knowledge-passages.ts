import type { KnowledgeDocument } from '@parser/extraction';

/** Characters of one passage: a few records of a CSV or a paragraph of prose. */
const PASSAGE_CHARS = 800;
/** Passages sent at most, so knowledge never crowds the document out of a small model's context. */
const MAX_PASSAGES = 8;

export interface Passage {
  name: string;
  text: string;
}

const termsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((term) => term.length >= 3),
  );

/**
 * The knowledge passages that concern this document: each knowledge document cut into passages
 * of whole lines, scored by the terms they share with the document and its values, best first.
 * A CSV's header line leads each of its passages, so a record keeps its column names.
 */
export function retrievePassages(
  knowledge: readonly KnowledgeDocument[],
  documentText: string,
): Passage[] {
  const wanted = termsOf(documentText);
  const scored: { passage: Passage; score: number }[] = [];
  for (const document of knowledge) {
    const lines = document.text.split(/\r?\n/).filter((line) => line.trim());
    const header = document.kind === 'csv' ? (lines.shift() ?? '') : '';
    let chunk: string[] = [];
    const flush = () => {
      if (chunk.length === 0) return;
      const body = chunk.join('\n');
      let score = 0;
      for (const term of termsOf(body)) if (wanted.has(term)) score++;
      if (score > 0) {
        scored.push({
          passage: { name: document.name, text: header ? `${header}\n${body}` : body },
          score,
        });
      }
      chunk = [];
    };
    for (const line of lines) {
      if (chunk.join('\n').length + line.length > PASSAGE_CHARS) flush();
      chunk.push(line.slice(0, PASSAGE_CHARS));
    }
    flush();
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_PASSAGES)
    .map((entry) => entry.passage);
}
