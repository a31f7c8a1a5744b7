/**
 * Fits the engine's confidence calibration from the benchmark's signals on the development half:
 * per group of values (see groupOf in the engine), an isotonic fit (pool adjacent violators) of
 * "was the value right" against the raw score, in steps of at least MIN_STEP values, each step's
 * share smoothed towards one half (half a value right and half wrong added) so a small step never claims certainty. Writes the
 * table the engine reads.
 *
 *   npx tsx bench/extraction-accuracy.ts <folders…> --half dev --cache <dir> --signals dev.jsonl
 *   npx tsx bench/fit-confidence.ts dev.jsonl [more.jsonl…]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { calibrationGroupsOf, calibrationKindOf, type ValueSignals } from '@parser/extraction';

const MIN_STEP = 8;
/** A group with fewer values than this uses its kind's curve, a kind its raw score. */
const MIN_GROUP = 15;

type Sample = { raw: number; ok: boolean };
type Step = { from: number; p: number; n: number };

/** Isotonic regression of right/wrong on the raw score, as steps. */
export function fitSteps(samples: Sample[]): Step[] {
  const sorted = [...samples].sort((a, b) => a.raw - b.raw);
  type Block = { from: number; ok: number; n: number };
  const merge = (a: Block, b: Block): Block => ({ from: a.from, ok: a.ok + b.ok, n: a.n + b.n });
  const blocks: Block[] = [];
  // pool adjacent violators: a block right more often than the one above it joins it
  for (const s of sorted) {
    blocks.push({ from: s.raw, ok: s.ok ? 1 : 0, n: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1]!;
      const a = blocks[blocks.length - 2]!;
      if (a.ok / a.n < b.ok / b.n) break;
      blocks.splice(blocks.length - 2, 2, merge(a, b));
    }
  }
  // steps too small to say much join a neighbour (which keeps the fit monotone)
  for (let i = 0; i < blocks.length && blocks.length > 1;) {
    const b = blocks[i]!;
    if (b.n >= MIN_STEP) {
      i++;
      continue;
    }
    if (i === 0) blocks.splice(0, 2, merge(b, blocks[1]!));
    else {
      blocks.splice(i - 1, 2, merge(blocks[i - 1]!, b));
      i--;
    }
  }
  let floor = 0;
  return blocks.map((b) => {
    floor = Math.max(floor, (b.ok + 0.5) / (b.n + 1));
    return {
      from: Math.round(b.from * 1000) / 1000,
      p: Math.round(floor * 1000) / 1000,
      n: b.n,
    };
  });
}

async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!files.length) {
    console.error('usage: tsx bench/fit-confidence.ts signals.jsonl [more.jsonl…]');
    process.exit(2);
  }
  const groups = new Map<string, Sample[]>();
  const add = (g: string, s: Sample) => groups.set(g, [...(groups.get(g) ?? []), s]);
  for (const file of files) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as ValueSignals & { ok: boolean };
      const sample = { raw: row.raw, ok: row.ok };
      // every curve that can speak for the value: its group, the group without the reading's
      // clarity, its kind (the engine falls back along the same chain)
      for (const group of new Set([...calibrationGroupsOf(row), calibrationKindOf(row.concept)]))
        add(group, sample);
    }
  }
  const table: Record<string, Step[]> = {};
  for (const [group, samples] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    // too few values to say how often such a value is right: the raw score stands for them
    if (samples.length < MIN_GROUP) continue;
    table[group] = fitSteps(samples);
    const right = samples.filter((s) => s.ok).length;
    console.log(
      `${group.padEnd(16)} ${samples.length} values, ${right} right: ${table[group]
        .map((s) => `≥${s.from}→${s.p} (${s.n})`)
        .join('  ')}`,
    );
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = path.join(here, '../packages/extraction/src/extract/confidence/calibration-table.ts');
  const source = `/**
 * Fitted by \`npx tsx bench/fit-confidence.ts\` from the benchmark's signals on the development
 * half; do not edit by hand. Per group: steps of raw score (from) → share of values right (p).
 */
export interface CalibrationStep {
  from: number;
  p: number;
  /** How many development values the step was fitted on. */
  n: number;
}

export const CALIBRATION: Record<string, CalibrationStep[]> = ${JSON.stringify(table, null, 2)};
`;
  // Written in the project's format, so a refit never fails the format check.
  await writeFile(out, await format(source, { ...(await resolveConfig(out)), filepath: out }));
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
