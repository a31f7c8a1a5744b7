/**
 * The till designs of the receipt corpus: narrow strips (58, 72 or 80 mm) as long as their content,
 * in a monospace or a condensed sans font. Each layout prints its items its own way; the shop
 * header, the totals block and the footer are shared and styled by the layout's options.
 */
import {
  type DrawnPage,
  type FontFamily,
  PagePainter,
  textWidth,
  type TextStyle,
  wrapText,
} from '../corpus/page-model.js';
import type { Random } from '../corpus/random.js';
import type { ReceiptLine, ReceiptValues } from './receipt-model.js';
import type { ReceiptText } from './receipt-text.js';

/**
 * - `columns`: name, qty, unit price and amount on one line; a name too long for its column
 *   gets the line(s) to itself and the figures go on the line under it;
 * - `two-line`: the name, then "2 x 3.50" and the amount on the line under it;
 * - `qty-first`: quantity, name and amount (restaurant bills), no unit price;
 * - `amount-only`: name and amount, with "2 @ 3.50" under items bought more than once.
 */
export type ItemStyle = 'columns' | 'two-line' | 'qty-first' | 'amount-only';

export interface ReceiptLayout {
  id: string;
  family: FontFamily;
  size: number;
  /** Paper roll width in millimetres. */
  paperMm: 58 | 72 | 80;
  align: 'center' | 'left';
  items: ItemStyle;
  /** Prints each item's article number or barcode above it. */
  codes: boolean;
  headerRow: boolean;
  /** A character repeated across the paper, or a drawn hairline. */
  rule: '-' | '=' | 'line';
}

export const RECEIPT_LAYOUTS: ReceiptLayout[] = [
  {
    id: 'thermal-columns-80',
    family: 'Courier',
    size: 7.5,
    paperMm: 80,
    align: 'center',
    items: 'columns',
    codes: false,
    headerRow: true,
    rule: '-',
  },
  {
    id: 'narrow-two-line-58',
    family: 'Courier',
    size: 7,
    paperMm: 58,
    align: 'center',
    items: 'two-line',
    codes: false,
    headerRow: false,
    rule: '=',
  },
  {
    id: 'barcode-columns-80',
    family: 'Courier',
    size: 7,
    paperMm: 80,
    align: 'left',
    items: 'columns',
    codes: true,
    headerRow: true,
    rule: '-',
  },
  {
    id: 'condensed-sans-72',
    family: 'Helvetica',
    size: 8,
    paperMm: 72,
    align: 'center',
    items: 'amount-only',
    codes: false,
    headerRow: false,
    rule: 'line',
  },
  {
    id: 'restaurant-bill-80',
    family: 'Courier',
    size: 8,
    paperMm: 80,
    align: 'center',
    items: 'qty-first',
    codes: false,
    headerRow: true,
    rule: '-',
  },
];

export const RECEIPT_LAYOUT_IDS = RECEIPT_LAYOUTS.map((layout) => layout.id);

const MARGIN = 12;
const POINTS_PER_MM = 72 / 25.4;
const GAP = 6;

/** Draws the receipt top to bottom, keeping the cursor and the paper's edges. */
class Strip {
  readonly page = new PagePainter();
  readonly width: number;
  readonly left = MARGIN;
  readonly right: number;
  y = 12;

  constructor(
    readonly layout: ReceiptLayout,
    readonly random: Random,
  ) {
    this.width = Math.round(layout.paperMm * POINTS_PER_MM * 100) / 100;
    this.right = this.width - MARGIN;
  }

  style(bold = false, grow = 0): TextStyle {
    return { family: this.layout.family, size: this.layout.size + grow, bold };
  }

  get lineHeight(): number {
    return this.layout.size * 1.35;
  }

  measure(text: string, style: TextStyle = this.style()): number {
    return textWidth(text, style.family, style.bold ?? false, style.size);
  }

  /** Lines of text, wrapped to the paper and aligned as the layout's header is. */
  block(text: string, style: TextStyle = this.style(), align = this.layout.align): void {
    for (const line of wrapText(text, this.right - this.left, style)) {
      if (align === 'center') this.page.text(line, this.width / 2, this.y, style, 'center');
      else this.page.text(line, this.left, this.y, style);
      this.y += style.size * 1.35;
    }
  }

  /** A label at the left edge and a value at the right: on one line, or two when they would touch. */
  pair(label: string, value: string, style: TextStyle = this.style()): void {
    if (label) {
      this.page.text(label, this.left, this.y, style);
      if (this.measure(label, style) + GAP + this.measure(value, style) > this.right - this.left)
        this.y += style.size * 1.35;
    }
    this.page.text(value, this.right, this.y, style, 'right');
    this.y += style.size * 1.35;
  }

  rule(): void {
    const { rule } = this.layout;
    const middle = this.y + this.lineHeight / 2 - 1;
    if (rule === 'line') {
      this.page.line(this.left, middle, this.right, middle, 0.5, 0.2);
      this.y += this.lineHeight * 0.8;
      return;
    }
    const count = Math.floor((this.right - this.left) / this.measure(rule));
    this.page.text(rule.repeat(count), this.left, this.y, this.style());
    this.y += this.lineHeight;
  }

  finish(): DrawnPage {
    const height = Math.ceil(this.y + 18);
    return { ops: this.page.ops, size: { width: this.width, height } };
  }
}

function shopHeader(strip: Strip, values: ReceiptValues): void {
  const { merchant } = values;
  strip.block(merchant.name, strip.style(true, 1.5));
  // A company number in brackets belongs with the name, as Malaysian tills print it.
  const bracketed = merchant.registration?.startsWith('(') ?? false;
  if (merchant.registration && bracketed) strip.block(merchant.registration);
  for (const line of merchant.address) strip.block(line);
  if (merchant.registration && !bracketed) strip.block(merchant.registration);
  if (merchant.phone) strip.block(merchant.phone);
  strip.y += strip.lineHeight * 0.4;
}

function receiptDetails(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const spread = strip.random.chance(0.5);
  const number = `${text.label.receiptNumber} ${values.receiptNumber}`;
  if (spread) {
    strip.pair(number, text.date);
    strip.pair(values.cashier ? `${text.label.cashier}: ${values.cashier}` : '', text.time);
  } else {
    strip.block(number, strip.style(), 'left');
    strip.block(`${text.label.date} ${text.date} ${text.time}`, strip.style(), 'left');
    if (values.cashier)
      strip.block(`${text.label.cashier}: ${values.cashier}`, strip.style(), 'left');
  }
  if (values.table) strip.block(`${text.label.table}: ${values.table}`, strip.style(), 'left');
}

interface Figures {
  qty: string;
  price: string;
  amount: string;
}

const figuresOf = (line: ReceiptLine, text: ReceiptText): Figures => ({
  qty: text.qty(line.qty, line.weighed),
  price: text.amount(line.unitPrice),
  amount: text.amount(line.amount),
});

function itemCode(strip: Strip, line: ReceiptLine): void {
  if (!strip.layout.codes) return;
  strip.page.text(line.code, strip.left, strip.y, { ...strip.style(), gray: 0.25 });
  strip.y += strip.lineHeight;
}

function columnItems(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const rows = values.lines.map((line) => figuresOf(line, text));
  const widest = (pick: (f: Figures) => string, heading: string) =>
    Math.max(strip.measure(heading), ...rows.map((row) => strip.measure(pick(row))));
  const amountLeft = strip.right - widest((r) => r.amount, text.label.amount);
  const priceRight = amountLeft - GAP;
  const qtyRight = priceRight - widest((r) => r.price, text.label.price) - GAP;
  const nameRight = qtyRight - widest((r) => r.qty, text.label.qty) - GAP;
  const figures = (row: Figures) => {
    strip.page.text(row.qty, qtyRight, strip.y, strip.style(), 'right');
    strip.page.text(row.price, priceRight, strip.y, strip.style(), 'right');
    strip.page.text(row.amount, strip.right, strip.y, strip.style(), 'right');
    strip.y += strip.lineHeight;
  };
  if (strip.layout.headerRow) {
    strip.page.text(text.label.item, strip.left, strip.y, strip.style(true));
    figures({ qty: text.label.qty, price: text.label.price, amount: text.label.amount });
    strip.rule();
  }
  values.lines.forEach((line, index) => {
    const row = rows[index] as Figures;
    itemCode(strip, line);
    if (strip.measure(line.description) <= nameRight - strip.left) {
      strip.page.text(line.description, strip.left, strip.y, strip.style());
    } else {
      strip.block(line.description, strip.style(), 'left');
    }
    figures(row);
  });
}

function twoLineItems(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const multiply = strip.random.pick([' x ', ' X ', ' @ ']);
  for (const line of values.lines) {
    const row = figuresOf(line, text);
    itemCode(strip, line);
    strip.block(line.description, strip.style(), 'left');
    strip.page.text(`${row.qty}${multiply}${row.price}`, strip.left + 12, strip.y, strip.style());
    strip.page.text(row.amount, strip.right, strip.y, strip.style(), 'right');
    strip.y += strip.lineHeight;
  }
}

/** Name lines in a column, the figures on the name's last line. */
function nameInColumn(strip: Strip, description: string, left: number, right: number): void {
  const lines = wrapText(description, right - left, strip.style());
  lines.forEach((part, index) => {
    strip.page.text(part, left, strip.y, strip.style());
    if (index < lines.length - 1) strip.y += strip.lineHeight;
  });
}

function qtyFirstItems(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const rows = values.lines.map((line) => figuresOf(line, text));
  const qtyWidth = Math.max(
    strip.measure(text.label.qty),
    ...rows.map((r) => strip.measure(r.qty)),
  );
  const amountWidth = Math.max(
    strip.measure(text.label.amount),
    ...rows.map((r) => strip.measure(r.amount)),
  );
  const nameLeft = strip.left + qtyWidth + GAP;
  const nameRight = strip.right - amountWidth - GAP;
  if (strip.layout.headerRow) {
    strip.page.text(text.label.qty, strip.left, strip.y, strip.style(true));
    strip.page.text(text.label.item, nameLeft, strip.y, strip.style(true));
    strip.page.text(text.label.amount, strip.right, strip.y, strip.style(true), 'right');
    strip.y += strip.lineHeight;
    strip.rule();
  }
  values.lines.forEach((line, index) => {
    const row = rows[index] as Figures;
    itemCode(strip, line);
    const top = strip.y;
    strip.page.text(row.qty, strip.left + qtyWidth, top, strip.style(), 'right');
    nameInColumn(strip, line.description, nameLeft, nameRight);
    strip.page.text(row.amount, strip.right, strip.y, strip.style(), 'right');
    strip.y += strip.lineHeight;
  });
}

function amountOnlyItems(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const rows = values.lines.map((line) => figuresOf(line, text));
  const amountWidth = Math.max(...rows.map((r) => strip.measure(r.amount)));
  values.lines.forEach((line, index) => {
    const row = rows[index] as Figures;
    itemCode(strip, line);
    nameInColumn(strip, line.description, strip.left, strip.right - amountWidth - GAP);
    strip.page.text(row.amount, strip.right, strip.y, strip.style(), 'right');
    strip.y += strip.lineHeight;
    if (line.qty !== 1) {
      strip.page.text(`${row.qty} @ ${row.price}`, strip.left + 10, strip.y, {
        ...strip.style(false, -1),
        gray: 0.2,
      });
      strip.y += strip.lineHeight;
    }
  });
}

const ITEM_PRINTERS: Record<ItemStyle, (s: Strip, v: ReceiptValues, t: ReceiptText) => void> = {
  columns: columnItems,
  'two-line': twoLineItems,
  'qty-first': qtyFirstItems,
  'amount-only': amountOnlyItems,
};

function totals(strip: Strip, values: ReceiptValues, text: ReceiptText): void {
  const amount = (cents: number) => text.amount(cents);
  if (values.subtotalPrinted) strip.pair(text.label.subtotal, amount(values.subtotal));
  if (values.discount > 0) strip.pair(text.label.discount, `-${amount(values.discount)}`);
  if (values.service > 0) strip.pair(text.serviceLine, amount(values.service));
  if (values.taxMode === 'added') strip.pair(text.taxLine, amount(values.tax));
  if (values.rounding !== null) strip.pair(text.label.rounding, amount(values.rounding));
  strip.pair(text.label.total, text.amount(values.total, text.markTotal), strip.style(true, 1.5));
  if (values.taxMode === 'included') strip.pair(text.taxLine, amount(values.tax));
  strip.y += strip.lineHeight * 0.4;
  if (values.tendered !== null) {
    strip.pair(text.label.cash, amount(values.tendered));
    strip.pair(text.label.change, amount(values.change ?? 0));
  } else strip.pair(text.label.card, amount(values.total));
}

/** One receipt as a single narrow page. */
export function layOutReceipt(
  layout: ReceiptLayout,
  values: ReceiptValues,
  text: ReceiptText,
  random: Random,
): DrawnPage {
  const strip = new Strip(layout, random);
  shopHeader(strip, values);
  strip.rule();
  receiptDetails(strip, values, text);
  strip.rule();
  ITEM_PRINTERS[layout.items](strip, values, text);
  strip.rule();
  totals(strip, values, text);
  if (random.chance(0.4))
    strip.block(`${text.label.items}: ${values.lines.length}`, strip.style(), 'left');
  strip.rule();
  strip.block(text.label.thanks, strip.style(), 'center');
  return strip.finish();
}
