import { describe, expect, it } from 'vitest';

import {
  ARRANGEMENTS,
  arrangementsOf,
  businessDocument,
  drawnBusinessDocument,
  KIND_IDS,
  LANGUAGES,
  rulingsOf,
  splitOf,
  SPLITS,
} from '../src/index.js';
import { KINDS } from '../src/business-documents/kinds/index.js';
import { ALL_PHRASINGS } from '../src/business-documents/words/phrasings.js';

const pageText = (ops: { kind: string; text?: string }[]) =>
  ops
    .filter((op) => op.kind === 'text')
    .map((op) => op.text)
    .join('\n');

describe('business documents corpus', () => {
  it('has at least ten kinds, each in the seven languages within seven documents', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...KIND_IDS].sort());
    expect(KIND_IDS.length).toBeGreaterThanOrEqual(10);
    for (const split of SPLITS)
      for (const kind of KIND_IDS) {
        const languages = new Set(
          Array.from(
            { length: 7 },
            (_, turn) =>
              drawnBusinessDocument(turn * KIND_IDS.length + KIND_IDS.indexOf(kind), {
                seed: 3,
                split,
              }).groundTruth.language,
          ),
        );
        expect([...languages].sort()).toEqual([...LANGUAGES].sort());
      }
  });

  it('gives the same document for the same seed, split and index', () => {
    const a = drawnBusinessDocument(17, { seed: 'x', split: 'check' });
    const b = drawnBusinessDocument(17, { seed: 'x', split: 'check' });
    expect(b.groundTruth).toEqual(a.groundTruth);
    expect(b.page.ops).toEqual(a.page.ops);
    expect(drawnBusinessDocument(17, { seed: 'y', split: 'check' }).page.ops).not.toEqual(
      a.page.ops,
    );
  });

  it('prints every text value its truth states, and every table row key, on one page', () => {
    for (const split of SPLITS)
      for (let index = 0; index < KIND_IDS.length * 7; index++) {
        const { page, groundTruth } = drawnBusinessDocument(index, { seed: 11, split });
        const text = pageText(page.ops);
        for (const [key, truth] of Object.entries(groundTruth.fields))
          if (truth.type === 'string' && truth.value !== null)
            expect(text, `${groundTruth.kind} ${key}`).toContain(truth.value);
        for (const table of Object.values(groundTruth.tables)) {
          expect(table.rows.length).toBeGreaterThan(0);
          const keys = table.rows.map((row) => row[table.keyColumn]);
          expect(new Set(keys).size, `${groundTruth.kind} keys are distinct`).toBe(keys.length);
        }
        const fieldKeys = groundTruth.schema.fields.map((f) => f.key);
        expect(new Set(fieldKeys).size).toBe(fieldKeys.length);
        for (const op of page.ops) if (op.kind === 'text') expect(op.y).toBeLessThan(842);
      }
  });

  it('asks for fields the page does not answer, and prints decoys beside the asked ones', () => {
    let absent = 0;
    let decoys = 0;
    for (let index = 0; index < KIND_IDS.length * 7; index++) {
      const { groundTruth } = drawnBusinessDocument(index, { seed: 5, split: 'dev' });
      absent += Object.values(groundTruth.fields).filter((f) => f.value === null).length;
      decoys += groundTruth.distractors.length;
    }
    expect(absent).toBeGreaterThan(5);
    expect(decoys).toBeGreaterThan(KIND_IDS.length * 7);
  });

  it('holds label wordings out of the development split in every language', () => {
    for (const language of LANGUAGES) {
      const dev = new Set(
        ALL_PHRASINGS.flatMap((p) => splitOf(p[language], 'dev')).map((x) => x.toLowerCase()),
      );
      for (const phrasings of ALL_PHRASINGS) {
        expect(phrasings[language].length).toBeGreaterThanOrEqual(2);
        for (const held of splitOf(phrasings[language], 'check'))
          expect(dev.has(held.toLowerCase()), `${language} "${held}"`).toBe(false);
      }
    }
  });

  it('shows each kind two arrangements and one ruling only in the check split', () => {
    const checkedSomewhere = new Set<string>();
    for (const kind of KIND_IDS) {
      const dev = arrangementsOf(kind, 'dev');
      const check = arrangementsOf(kind, 'check');
      expect(check).toHaveLength(2);
      expect(dev.filter((a) => check.includes(a))).toEqual([]);
      expect(rulingsOf(kind, 'dev').filter((r) => rulingsOf(kind, 'check').includes(r))).toEqual(
        [],
      );
      check.forEach((a) => checkedSomewhere.add(a));
    }
    expect([...checkedSomewhere].sort()).toEqual([...ARRANGEMENTS].sort());
  });

  it('writes digital PDFs and scans', async () => {
    const digital = await businessDocument(2, { seed: 1, split: 'dev', scannedShare: 0 });
    expect(digital.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(digital.bytes.slice(0, 5))).toBe('%PDF-');
    const scan = await businessDocument(2, { seed: 1, split: 'dev', scannedShare: 1 });
    expect(scan.groundTruth.scanned).toBe(true);
    expect(scan.groundTruth.fields).toEqual(digital.groundTruth.fields);
  });
});
