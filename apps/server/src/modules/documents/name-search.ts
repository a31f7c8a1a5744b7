import type { DbExecutor } from '../../db/client.js';
import { preparedQuery, runPrepared } from '../../db/prepared-query.js';
import { TtlCache } from '../../lib/ttl-cache.js';

/**
 * How a file name search asks the database.
 *
 * The trigram index answers "names containing this text" by intersecting one posting list per
 * trigram of the text. A company's file names often share words ("invoice-", "scan_", ".pdf",
 * the year): the lists of those trigrams hold nearly every file, and walking them costs far more
 * than the rare part of the search ("…-10442") that actually picks the rows. So the index is
 * asked only for the rare words, and the whole text is checked on the rows it finds: the same
 * answer, from posting lists a few rows long.
 *
 * Which words are common is estimated from the company's newest names (a sample kept for a
 * minute): a word in at least a quarter of them is left to the check. When the whole text is in
 * one name of twenty or more, or has no word of three characters (no trigram to look up), the
 * index is not asked at all: reading names newest first finds a page of matches within a few
 * hundred rows. When every word is common but the text is not, the index is asked for all of it.
 */
export interface NameSearchPatterns {
  /** LIKE pattern of the whole search text (always applied). */
  readonly whole: string;
  /** A looser LIKE pattern (or the whole) for the trigram index; null: read names newest first. */
  readonly indexed: string | null;
}

const SAMPLE_SIZE = 200;
const SAMPLE_TTL_MS = 60_000;
const COMMON_SHARE = 0.25;
/** A text in this share of names fills a page from the newest few hundred rows. */
const DENSE_SHARE = 0.05;
/** pg_trgm takes no trigram from a shorter run of letters or digits next to a wildcard. */
const MIN_INDEXED_WORD = 3;

const newestNames = preparedQuery(
  'file_name_sample',
  `SELECT name_folded AS name FROM files
   WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT ${SAMPLE_SIZE}`,
);

export class NameSearchPlanner {
  private readonly samples = new TtlCache<string, readonly string[]>(SAMPLE_TTL_MS, 1_000);

  async patterns(db: DbExecutor, tenantId: string, text: string): Promise<NameSearchPatterns> {
    const whole = `%${escapeLike(text)}%`;
    const words = wordsOf(text).filter((word) => word.length >= MIN_INDEXED_WORD);
    if (words.length === 0) return { whole, indexed: null };
    const names = await this.sample(db, tenantId);
    return { whole, indexed: indexedPattern(text, words, names) };
  }

  private async sample(db: DbExecutor, tenantId: string): Promise<readonly string[]> {
    const known = this.samples.get(tenantId);
    if (known) return known;
    const rows = await runPrepared<{ name: string }>(db, newestNames, [tenantId]);
    const names = rows.map((row) => row.name);
    this.samples.set(tenantId, names);
    return names;
  }
}

/** The pattern the index is asked for: the search text with its common words made wildcards. */
export function indexedPattern(
  text: string,
  words: readonly string[],
  names: readonly string[],
): string | null {
  if (names.length === 0) return `%${escapeLike(text)}%`;
  const shareOf = (part: string) =>
    names.filter((name) => name.includes(part.toLowerCase())).length / names.length;
  if (shareOf(text) >= DENSE_SHARE) return null;
  const shares = new Map(words.map((word) => [word, shareOf(word)]));
  const kept = words.filter((word) => shares.get(word)! < COMMON_SHARE);
  // Every word common, the text rare: only all their trigrams together narrow it down.
  if (kept.length === 0 || kept.length === words.length) return `%${escapeLike(text)}%`;
  // The text with the words left out made wildcards: every name the whole text matches also
  // matches this. The characters around a kept word stay, because pg_trgm reads a word that
  // follows a space or a dash as a word's start, which gives it more trigrams to narrow by.
  const dropped = new Set(words.filter((word) => !kept.includes(word)));
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return `%${parts.map((part) => (dropped.has(part) ? '%' : escapeLike(part))).join('')}%`;
}

/** Runs of letters and digits: what pg_trgm builds trigrams from. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A search for "100%_done" means those characters, not LIKE's wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
