/**
 * A small seeded random source (mulberry32), so the same seed always gives the same corpus on any
 * machine: Math.random cannot be seeded, and a corpus that changes between runs cannot be compared.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream derived from this one, so adding draws in one part does not shift another. */
  fork(label: string): Random;
  /** A digit string of the given length. */
  digits(length: number): string;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: turns a label into a 32-bit number to mix into a seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function seededRandom(seed: number | string): Random {
  const base = typeof seed === 'number' ? seed >>> 0 : hash(seed);
  const next = mulberry32(base);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    fork: (label) => seededRandom((hash(label) ^ Math.imul(base, 0x9e3779b1)) >>> 0),
    digits: (length) => Array.from({ length }, () => String(Math.floor(next() * 10))).join(''),
  };
  return random;
}

/** A day from the first of January of `fromYear` to the last of October 2026, as an ISO date. */
export function isoDaySince(random: Random, fromYear: number): string {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(2026, 9, 31);
  const day = start + random.int(0, Math.floor((end - start) / 86_400_000)) * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}
