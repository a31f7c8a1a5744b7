/**
 * Which documents of the benchmark folders to read: every file with a `.gt.json` beside it, from
 * one or several folders sorted together by file name, optionally one half of them. The halves are
 * fixed by position in that order (development = even 0-based positions, check = odd), so rules are
 * developed on one half and measured on the other without anyone choosing files.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export type Half = 'dev' | 'check';

export interface BenchDocument {
  /** Path of the document file. */
  file: string;
  /** Path of its ground truth. */
  truth: string;
  /** File name, for listings. */
  name: string;
}

export async function listDocuments(folders: string[], half?: Half): Promise<BenchDocument[]> {
  const all: BenchDocument[] = [];
  for (const folder of folders) {
    const names = await readdir(folder);
    for (const truthName of names.filter((f) => f.endsWith('.gt.json'))) {
      const base = truthName.replace(/\.gt\.json$/, '');
      const docName = names.find((f) => f.startsWith(`${base}.`) && !f.endsWith('.gt.json'));
      if (!docName) continue;
      all.push({
        file: path.join(folder, docName),
        truth: path.join(folder, truthName),
        name: docName,
      });
    }
  }
  // by file name first, so the halves do not depend on the order the folders were given in
  all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : 1));
  if (!half) return all;
  return all.filter((_, i) => i % 2 === (half === 'dev' ? 0 : 1));
}
