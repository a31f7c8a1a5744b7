/** Values the kinds share: dates, sums of money, identifiers, companies and letterheads. */
import { type Party, party } from '../../corpus/countries.js';
import { addDays } from '../../corpus/formats.js';
import { isoDaySince, type Random } from '../../corpus/random.js';
import type { Composer } from '../compose.js';

export { addDays };

/** A day from 2023 to October 2026. */
export const someDay = (random: Random): string => isoDaySince(random, 2023);

/** A sum of money between `min` and `max`, in cents. */
export const money = (random: Random, min: number, max: number): number =>
  random.int(Math.round(min * 100), Math.round(max * 100)) / 100;

export const cents = (value: number): number => Math.round(value * 100) / 100;

/** An identifier from a pattern: `#` a digit, `A` a capital letter, anything else as written. */
export function code(random: Random, pattern: string): string {
  return pattern.replace(/[#A]/g, (c) =>
    c === '#' ? String(random.int(0, 9)) : String.fromCharCode(65 + random.int(0, 25)),
  );
}

/** A made-up company of the document's country with its address. */
export const company = (c: Composer): Party => party(c.random, c.country);

/** The first day of the month of a day, and its last. */
export function monthOf(iso: string): { first: string; last: string } {
  const first = `${iso.slice(0, 8)}01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { first, last: addDays(next.toISOString().slice(0, 10), -1) };
}

/** A letterhead: the sender's name and address, and a telephone line. */
export function letterhead(c: Composer, sender: Party): string[] {
  const phone = `+${c.random.int(30, 49)} ${code(c.random, '## ### ## ##')}`;
  return [sender.name, sender.address.join(', '), `Tel. ${phone}`];
}

/** The days from `from` (inclusive), `count` of them. */
export const days = (from: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addDays(from, i));
