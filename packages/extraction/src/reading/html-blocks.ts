/**
 * Turns mammoth's HTML into paragraphs and tables. mammoth emits a small, regular vocabulary
 * (p, h1-h6, li, table/tr/td/th, inline strong/em/a/sup/sub, img, br), so a tag scanner is enough and
 * avoids pulling in a DOM implementation.
 */
export type HtmlBlock = { kind: 'paragraph'; text: string } | { kind: 'table'; rows: string[][] };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[body.toLowerCase()] ?? m;
  });
}

const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'div',
  'blockquote',
  'pre',
]);

const clean = (s: string) => s.replace(/[ \t\r\n\u00a0]+/g, ' ').trim();

export function htmlToBlocks(html: string): HtmlBlock[] {
  const blocks: HtmlBlock[] = [];
  // Open tables, innermost last. A nested table's text is folded into the enclosing cell.
  const tables: { rows: string[][]; row: string[] | null; cell: string[] | null }[] = [];
  let text = '';
  const flushText = () => {
    const t = clean(text);
    text = '';
    if (!t) return;
    const table = tables[tables.length - 1];
    if (table?.cell) table.cell.push(t);
    else if (!table) blocks.push({ kind: 'paragraph', text: t });
  };

  const tagPattern = /<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>/g;
  let last = 0;
  for (let m = tagPattern.exec(html); m; m = tagPattern.exec(html)) {
    text += decodeEntities(html.slice(last, m.index));
    last = tagPattern.lastIndex;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const table = tables[tables.length - 1];
    if (tag === 'br') {
      flushText();
    } else if (BLOCK_TAGS.has(tag)) {
      flushText();
    } else if (tag === 'table') {
      flushText();
      if (!closing) {
        tables.push({ rows: [], row: null, cell: null });
      } else if (table) {
        tables.pop();
        const parent = tables[tables.length - 1];
        const rows = table.rows.filter((r) => r.some((c) => c));
        if (parent?.cell) parent.cell.push(...rows.map((r) => r.join(' ')));
        else if (rows.length) blocks.push({ kind: 'table', rows });
      }
    } else if (tag === 'tr' && table) {
      flushText();
      if (!closing) table.row = [];
      else if (table.row) {
        table.rows.push(table.row);
        table.row = null;
      }
    } else if ((tag === 'td' || tag === 'th') && table) {
      flushText();
      if (!closing) table.cell = [];
      else if (table.cell) {
        (table.row ??= []).push(table.cell.join(' '));
        table.cell = null;
      }
    }
  }
  text += decodeEntities(html.slice(last));
  flushText();
  return blocks;
}
