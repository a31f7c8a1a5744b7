/**
 * What a document's title says of the whole document ("EXPORT DECLARATION", "Re: Bank
 * statement"): a field asking for it ("Declaration date", "Expense date") need not find it in a
 * label again.
 */
import type { DocLayout, Row } from '../layout.js';
import { lexiconWords, pageMeaning } from './meaning.js';

/** A letter's subject line opens so. */
const SUBJECT_LINE = /^(re|subject|betreff|objet|betreft|onderwerp|asunto|oggetto|assunto)\b/i;

const titles = new WeakMap<DocLayout, ReadonlySet<string>>();

/** The subjects and dates the title names: its tallest row near the top of the first page, a letter's subject line. */
export function titleTags(layout: DocLayout): ReadonlySet<string> {
  let tags = titles.get(layout);
  if (tags) return tags;
  const top = layout.rows.filter((r) => r.page === 1 && r.index < 12);
  const tallest = top.reduce<Row | null>((a, r) => (!a || r.height > a.height ? r : a), null);
  const rows = top.filter(
    (r) => (r === tallest && r.height >= 1.25 * layout.unit) || SUBJECT_LINE.test(r.text),
  );
  tags = new Set(
    rows.flatMap((r) =>
      [...pageMeaning(lexiconWords(r.text)).tags]
        .filter(([, kind]) => kind === 'subject' || kind === 'when')
        .map(([tag]) => tag),
    ),
  );
  titles.set(layout, tags);
  return tags;
}
