/**
 * What a run of words means in the lexicon's terms: its tags (a head, qualifiers, roles, subjects)
 * and the content words the lexicon does not know. The same reading serves a schema field's key
 * and label and a label printed on the page, so the two can be compared.
 */
import { TERMS, type TagKind } from './terms.js';

export interface Meaning {
  /** Tag → its kind. */
  tags: Map<string, TagKind>;
  /** Content words that no term covers (lowercase, accents removed). */
  unknown: string[];
}

/** Words that carry no meaning of their own in a label or field name. */
const STOPWORDS = new Set(
  (
    'of the a an and for per in at on is are as this that your our with be ' +
    'der die das des dem den und fur von zu zum zur ihr ihre ist als im am ' +
    'de du des la le les l d et a au aux en pour par votre vos est comme ' +
    'het van en voor op te uw is als een ' +
    'del el los las y en por para al su es como lo ' +
    'di del della dei il lo le e per al da in vostro vostra quale come si ' +
    'do da dos das o e em por para ao seu sua vosso vossa como'
  ).split(' '),
);

interface Pattern {
  tag: string;
  kind: TagKind;
  words: string[];
  /** How the last (or only) word matches. */
  mode: 'whole' | 'prefix' | 'suffix' | 'infix';
}

function compile(fieldSide: boolean): Pattern[] {
  const out: Pattern[] = [];
  for (const term of TERMS) {
    const lists = [
      ...Object.values(term.words),
      ...(fieldSide && term.fieldOnly ? [term.fieldOnly] : []),
    ];
    for (const list of lists)
      for (const raw of list.split('|')) {
        const text = raw.trim();
        if (!text) continue;
        const starts = text.startsWith('*');
        const ends = text.endsWith('*');
        const words = text.replace(/^\*|\*$/g, '').split(' ');
        const mode = starts && ends ? 'infix' : starts ? 'suffix' : ends ? 'prefix' : 'whole';
        out.push({ tag: term.tag, kind: term.kind, words, mode });
      }
  }
  return out;
}

const matchesWord = (word: string, pattern: string, mode: Pattern['mode']): boolean => {
  switch (mode) {
    case 'whole':
      return word === pattern;
    case 'prefix':
      return word.startsWith(pattern);
    case 'suffix':
      return word.endsWith(pattern) && word.length > pattern.length;
    case 'infix':
      return word.includes(pattern);
  }
};

class Lexicon {
  /** One-word patterns matched against each distinct word once. */
  private readonly single: Pattern[];
  /** Several-word patterns by their first word. */
  private readonly multi = new Map<string, Pattern[]>();
  private readonly wordTags = new Map<string, Pattern[]>();

  constructor(patterns: Pattern[]) {
    this.single = patterns.filter((p) => p.words.length === 1);
    for (const p of patterns.filter((q) => q.words.length > 1)) {
      const list = this.multi.get(p.words[0]!) ?? [];
      list.push(p);
      this.multi.set(p.words[0]!, list);
    }
    // longest phrases first, so "date of birth" wins over "date"
    for (const list of this.multi.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  private tagsOfWord(word: string): Pattern[] {
    let found = this.wordTags.get(word);
    if (!found) {
      found = this.single.filter((p) => matchesWord(word, p.words[0]!, p.mode));
      this.wordTags.set(word, found);
    }
    return found;
  }

  read(words: readonly string[]): Meaning {
    return this.readWords(words).meaning;
  }

  /** The meaning, and which words carry a tag (a several-word term marks all of its words). */
  readWords(words: readonly string[]): { meaning: Meaning; tagged: boolean[] } {
    const tags = new Map<string, TagKind>();
    const unknown: string[] = [];
    const tagged = words.map(() => false);
    for (let i = 0; i < words.length;) {
      const word = words[i]!;
      const phrase = this.multi
        .get(word)
        ?.find((p) =>
          p.words.every((w, k) =>
            k === p.words.length - 1 && p.mode === 'prefix'
              ? (words[i + k] ?? '').startsWith(w)
              : words[i + k] === w,
          ),
        );
      if (phrase) {
        // one phrase can mean several things ("brought forward": a previous balance and a carry row)
        for (const same of this.multi.get(word) ?? [])
          if (same.words.join(' ') === phrase.words.join(' ') && same.mode === phrase.mode)
            tags.set(same.tag, same.kind);
        for (let k = 0; k < phrase.words.length; k++) tagged[i + k] = true;
        i += phrase.words.length;
        continue;
      }
      const single = this.tagsOfWord(word);
      for (const p of single) tags.set(p.tag, p.kind);
      if (single.length) tagged[i] = true;
      else if (!STOPWORDS.has(word) && /[a-z]/.test(word)) unknown.push(word);
      i++;
    }
    return { meaning: { tags, unknown }, tagged };
  }
}

const PAGE = new Lexicon(compile(false));
const FIELD = new Lexicon(compile(true));

/** Words of a label as the lexicon reads them: lowercase, no accents, split at marks ("B/L" → "b l"). */
export function lexiconWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      // "N°", "Nº", "N.º": the number sign of the Romance languages
      .replace(/\bn\s?\.?\s?[º°]/g, 'no ')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9#]+/)
      .filter(Boolean)
  );
}

/** What a label printed on a page means. */
export const pageMeaning = (words: readonly string[]): Meaning => PAGE.read(words);

/** A page's words read at once, with which of them carry a tag. */
export const pageWordsTagged = (words: readonly string[]) => PAGE.readWords(words);

/** A word that means nothing by itself ("of", "der", "la"). */
export const isStopword = (word: string): boolean => STOPWORDS.has(word);

/** What a schema field's name means ("from" and "to" say start and end there). */
export const fieldWordsMeaning = (words: readonly string[]): Meaning => FIELD.read(words);
