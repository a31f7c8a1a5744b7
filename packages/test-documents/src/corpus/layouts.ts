/**
 * The page designs of the corpus. Each layout draws its own first-page header (where the title,
 * the vendor, the customer and the invoice details sit); the line-item table, page breaks, totals
 * and footers are shared and styled by the layout's options.
 */
import type { InvoiceLine, InvoiceValues } from './invoice-model.js';
import {
  type DrawnPage,
  type FontFamily,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  PagePainter,
  textWidth,
  type TextStyle,
  wrapText,
} from './page-model.js';
import type { Presentation } from './presentation.js';
import type { Random } from './random.js';

export type ColumnKey = 'position' | 'description' | 'qty' | 'unit_price' | 'tax_rate' | 'amount';
export type Ruling = 'grid' | 'header-rule' | 'none' | 'zebra' | 'filled-header';

export interface LayoutSpec {
  id: string;
  family: FontFamily;
  /** Where the issuer's own block sits on the first page. */
  vendorPosition: 'left' | 'right' | 'top' | 'bottom';
  ruling: Ruling;
  /** Column order; a tax-rate column is added before the amount when tax is shown per line. */
  columns: ColumnKey[];
  totals: 'right' | 'left' | 'bar';
  /** Left and right edge of the table (a sidebar layout leaves room on the left). */
  tableLeft: number;
  /** Draws the first page's header and returns the y where the table starts. */
  header(ctx: LayoutContext): number;
  /** Draws on every page (after the content), e.g. a vendor footer; returns the space it needs. */
  footerHeight: number;
  footer?(ctx: LayoutContext, page: PagePainter): void;
  /** Draws after the totals on the last page (e.g. a "Seller" block). */
  closing?(ctx: LayoutContext, page: PagePainter, y: number): number;
}

export interface LayoutContext {
  values: InvoiceValues;
  text: Presentation;
  random: Random;
  page: PagePainter;
  family: FontFamily;
}

const LEFT = 50;
const RIGHT = PAGE_WIDTH - 50;
const BOTTOM = PAGE_HEIGHT - 40;

const style = (family: FontFamily, size: number, bold = false, gray = 0): TextStyle => ({
  family,
  size,
  bold,
  gray,
});

const withColon = (text: Presentation, label: string) => (text.colon ? `${label}:` : label);

/** The invoice's key/value details: number, dates, order number. */
function details(ctx: LayoutContext): [string, string][] {
  const { values, text } = ctx;
  const rows: [string, string][] = [
    [text.label.invoiceNumber, values.invoiceNumber],
    [text.label.date, text.date(values.date)],
  ];
  if (values.dueDate) rows.push([text.label.dueDate, text.date(values.dueDate)]);
  if (values.poNumber) rows.push([text.label.poNumber, values.poNumber]);
  if (values.customerNumber) rows.push([text.label.customerNumber, values.customerNumber]);
  return rows;
}

/** Label and value side by side, value left-aligned at `valueX` or right-aligned at `right`. */
function detailsBlock(
  ctx: LayoutContext,
  x: number,
  y: number,
  valueX: number | 'right',
  size = 10,
): number {
  const { page, family, text } = ctx;
  const rows = details(ctx).map(([label, value]) => [withColon(text, label), value] as const);
  const labelWidth = Math.max(...rows.map(([label]) => textWidth(label, family, true, size)));
  const valueWidth = Math.max(...rows.map(([, value]) => textWidth(value, family, false, size)));
  // Long labels and written-out dates must not run into each other: move the block left if needed.
  const valueLeft = valueX === 'right' ? RIGHT - valueWidth : Math.max(valueX, x + labelWidth + 10);
  const labelLeft = Math.min(x, valueLeft - labelWidth - 10);
  for (const [label, value] of rows) {
    page.text(label, labelLeft, y, style(family, size, true));
    if (valueX === 'right') page.text(value, RIGHT, y, style(family, size), 'right');
    else page.text(value, valueLeft, y, style(family, size));
    y += size + 5;
  }
  return y;
}

/** Labels above values in boxes across the page. */
function detailsRow(
  ctx: LayoutContext,
  y: number,
  left = LEFT,
  right = RIGHT,
  boxed = true,
): number {
  const { page, family } = ctx;
  const rows = details(ctx);
  const width = (right - left) / rows.length;
  rows.forEach(([label, value], index) => {
    const x = left + index * width;
    if (boxed) page.rect(x, y, width - 6, 34, null, 0.3);
    page.text(
      label,
      x + 5,
      y + 4,
      style(family, fitting(label, width - 14, family, 8, false), false, 0.3),
    );
    page.text(
      value,
      x + 5,
      y + 17,
      style(family, fitting(value, width - 14, family, 10, true), true),
    );
  });
  return y + 46;
}

interface PartyBlockOptions {
  label?: string | null;
  align?: 'left' | 'right';
  nameSize?: number;
  size?: number;
  /** Lines wider than this wrap onto the next line, as in a narrow address block. */
  maxWidth?: number;
}

function partyBlock(
  ctx: LayoutContext,
  lines: { name: string; address: string[]; extra?: string[] },
  x: number,
  y: number,
  {
    label = null,
    align = 'left',
    nameSize = 11,
    size = 10,
    maxWidth = 235,
  }: PartyBlockOptions = {},
): number {
  const { page, family } = ctx;
  if (label) {
    page.text(label, x, y, style(family, size - 1, true, 0.25), align);
    y += size + 5;
  }
  const nameStyle = style(family, nameSize, true);
  for (const part of wrapText(lines.name, maxWidth, nameStyle)) {
    page.text(part, x, y, nameStyle, align);
    y += nameSize + 4;
  }
  const lineStyle = style(family, size);
  for (const line of [...lines.address, ...(lines.extra ?? [])]) {
    for (const part of wrapText(line, maxWidth, lineStyle)) {
      page.text(part, x, y, lineStyle, align);
      y += size + 4;
    }
  }
  return y;
}

/** The largest font size up to `size` at which the text fits the width. */
function fitting(
  text: string,
  width: number,
  family: FontFamily,
  size: number,
  bold: boolean,
): number {
  let fitted = size;
  while (fitted > 6 && textWidth(text, family, bold, fitted) > width) fitted -= 0.5;
  return fitted;
}

function vendorExtra(ctx: LayoutContext, withBank: boolean): string[] {
  const { values, text } = ctx;
  const vendor = values.vendor;
  const extra: string[] = [];
  if (vendor.phone) extra.push(`Tel. ${vendor.phone}`);
  if (vendor.email) extra.push(vendor.email);
  if (vendor.taxId) extra.push(`${withColon(text, text.label.taxIdLabel)} ${vendor.taxId}`);
  if (withBank && vendor.iban) extra.push(`IBAN ${vendor.iban}`);
  return extra;
}

function customerBlocks(
  ctx: LayoutContext,
  xs: number[],
  y: number,
  labelled = true,
  maxWidth?: number,
): number {
  const { values, text } = ctx;
  const [first = LEFT, second] = xs;
  const width = maxWidth ?? (second !== undefined ? second - first - 12 : 235);
  let bottom = partyBlock(ctx, values.billTo, first, y, {
    label: labelled ? withColon(text, text.label.billTo) : null,
    maxWidth: width,
  });
  if (values.shipTo && second !== undefined)
    bottom = Math.max(
      bottom,
      partyBlock(ctx, values.shipTo, second, y, {
        label: withColon(text, text.label.shipTo),
        maxWidth: Math.min(235, RIGHT - second),
      }),
    );
  return bottom;
}

const oneLineAddress = (ctx: LayoutContext) =>
  [ctx.values.vendor.name, ...ctx.values.vendor.address].join(' · ');

export const LAYOUTS: LayoutSpec[] = [
  {
    id: 'classic',
    family: 'Helvetica',
    vendorPosition: 'left',
    ruling: 'header-rule',
    columns: ['description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text } = ctx;
      page.text(text.title, RIGHT, 50, style(family, 22, true), 'right');
      const vendorBottom = partyBlock(
        ctx,
        { ...ctx.values.vendor, extra: vendorExtra(ctx, false) },
        LEFT,
        50,
        { nameSize: 13 },
      );
      const detailsBottom = detailsBlock(ctx, 340, 86, 'right');
      return customerBlocks(ctx, [LEFT, 300], Math.max(vendorBottom, detailsBottom) + 20) + 25;
    },
  },
  {
    id: 'letterhead-centered',
    family: 'Helvetica',
    vendorPosition: 'top',
    ruling: 'grid',
    columns: ['description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      page.text(values.vendor.name, PAGE_WIDTH / 2, 42, style(family, 18, true), 'center');
      page.text(values.vendor.address.join(' · '), PAGE_WIDTH / 2, 66, style(family, 9), 'center');
      const contact = vendorExtra(ctx, false);
      if (contact.length)
        page.text(
          contact.join('  |  '),
          PAGE_WIDTH / 2,
          79,
          style(family, 8, false, 0.2),
          'center',
        );
      page.line(LEFT, 94, RIGHT, 94, 1);
      page.text(text.title, LEFT, 110, style(family, 18, true));
      const detailsBottom = detailsBlock(ctx, 340, 112, 'right');
      const customerBottom = customerBlocks(ctx, [LEFT, 190], 145);
      return Math.max(detailsBottom, customerBottom) + 25;
    },
  },
  {
    id: 'window-envelope',
    family: 'Helvetica',
    vendorPosition: 'bottom',
    ruling: 'zebra',
    columns: ['position', 'description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 62,
    header(ctx) {
      const { page, family, text, values } = ctx;
      // The sender line printed above the window of a window envelope (DIN 5008 style).
      const sender = oneLineAddress(ctx);
      const width = page.text(sender, LEFT, 118, style(family, 7, false, 0.2));
      page.line(LEFT, 127, LEFT + width, 127, 0.4, 0.3);
      partyBlock(ctx, values.billTo, LEFT, 136, { nameSize: 11 });
      detailsBlock(ctx, 340, 120, 'right', 9);
      page.text(`${text.title} ${values.invoiceNumber}`, LEFT, 240, style(family, 14, true));
      return 272;
    },
    footer(ctx, page) {
      const { family, text, values } = ctx;
      const top = PAGE_HEIGHT - 88;
      page.line(LEFT, top, RIGHT, top, 0.4, 0.4);
      const small = style(family, 7, false, 0.25);
      const columns: string[][] = [
        [values.vendor.name, ...values.vendor.address],
        [
          values.vendor.phone ? `Tel. ${values.vendor.phone}` : '',
          values.vendor.email ?? '',
          values.vendor.taxId ? `${text.label.taxIdLabel} ${values.vendor.taxId}` : '',
        ],
        values.vendor.iban
          ? [
              text.label.bank,
              `IBAN ${values.vendor.iban}`,
              values.vendor.bic ? `BIC ${values.vendor.bic}` : '',
            ]
          : [],
      ];
      columns.forEach((lines, column) =>
        lines
          .filter(Boolean)
          .forEach((line, row) => page.text(line, LEFT + column * 170, top + 6 + row * 9, small)),
      );
    },
  },
  {
    id: 'vendor-right',
    family: 'Helvetica',
    vendorPosition: 'right',
    ruling: 'grid',
    columns: ['qty', 'description', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      const vendorBottom = partyBlock(
        ctx,
        { ...values.vendor, extra: vendorExtra(ctx, false) },
        RIGHT,
        50,
        { align: 'right', nameSize: 13 },
      );
      const customerBottom = partyBlock(ctx, values.billTo, LEFT, 60, {
        label: withColon(text, text.label.billTo),
      });
      let y = Math.max(vendorBottom, customerBottom) + 20;
      page.text(text.title, PAGE_WIDTH / 2, y, style(family, 20, true), 'center');
      y = detailsRow(ctx, y + 34);
      if (values.shipTo)
        y =
          partyBlock(ctx, values.shipTo, LEFT, y, { label: withColon(text, text.label.shipTo) }) +
          6;
      return y + 16;
    },
  },
  {
    id: 'banner',
    family: 'Helvetica',
    vendorPosition: 'left',
    ruling: 'filled-header',
    columns: ['description', 'unit_price', 'qty', 'amount'],
    totals: 'bar',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      page.rect(0, 0, PAGE_WIDTH, 100, 0.22);
      page.text(text.title, LEFT, 34, style(family, 26, true, 1));
      let y = 20;
      for (const [label, value] of details(ctx)) {
        page.text(withColon(text, label), 330, y, style(family, 9, false, 0.85));
        page.text(value, RIGHT, y, style(family, 9, true, 1), 'right');
        y += 13;
      }
      const vendorBottom = partyBlock(
        ctx,
        { ...values.vendor, extra: vendorExtra(ctx, true) },
        LEFT,
        125,
        {
          label: withColon(text, text.label.vendor),
          maxWidth: 190,
        },
      );
      const customerBottom = customerBlocks(ctx, [250, 405], 125);
      return Math.max(vendorBottom, customerBottom) + 25;
    },
  },
  {
    id: 'plain-mono',
    family: 'Courier',
    vendorPosition: 'left',
    ruling: 'none',
    columns: ['description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      const vendorBottom = partyBlock(
        ctx,
        { ...values.vendor, extra: vendorExtra(ctx, false) },
        LEFT,
        50,
        { size: 9, nameSize: 10 },
      );
      const customerBottom = partyBlock(ctx, values.billTo, 330, 50, {
        label: withColon(text, text.label.billTo),
        size: 9,
        nameSize: 10,
      });
      let y = Math.max(vendorBottom, customerBottom) + 24;
      page.text(text.title.toUpperCase(), LEFT, y, style(family, 14, true));
      const detailsTop = y + 26;
      y = detailsBlock(ctx, LEFT, detailsTop, 200, 9);
      if (values.shipTo)
        y = Math.max(
          y,
          partyBlock(ctx, values.shipTo, 330, detailsTop, {
            label: withColon(text, text.label.shipTo),
            size: 9,
            nameSize: 10,
            maxWidth: 210,
          }),
        );
      return y + 24;
    },
  },
  {
    id: 'formal-serif',
    family: 'Times',
    vendorPosition: 'right',
    ruling: 'header-rule',
    columns: ['position', 'description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      page.text(text.title, LEFT, 50, style(family, 24, true));
      const detailsBottom = detailsBlock(ctx, LEFT, 88, 170, 10);
      const vendorBottom = partyBlock(
        ctx,
        { ...values.vendor, extra: vendorExtra(ctx, false) },
        RIGHT,
        50,
        { align: 'right', nameSize: 14 },
      );
      return customerBlocks(ctx, [LEFT, 300], Math.max(detailsBottom, vendorBottom) + 24) + 24;
    },
  },
  {
    id: 'seller-at-bottom',
    family: 'Helvetica',
    vendorPosition: 'bottom',
    ruling: 'header-rule',
    columns: ['description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text } = ctx;
      page.text(text.title, LEFT, 50, style(family, 20, true));
      const y = detailsRow(ctx, 86);
      return customerBlocks(ctx, [LEFT, 300], y + 8) + 22;
    },
    closing(ctx, page, y) {
      const { values, text } = ctx;
      void page;
      return partyBlock(ctx, { ...values.vendor, extra: vendorExtra(ctx, true) }, LEFT, y + 16, {
        label: withColon(text, text.label.vendor),
        nameSize: 10,
        size: 9,
      });
    },
  },
  {
    id: 'sidebar',
    family: 'Helvetica',
    vendorPosition: 'left',
    ruling: 'zebra',
    columns: ['description', 'qty', 'unit_price', 'amount'],
    totals: 'right',
    tableLeft: 205,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      page.rect(0, 0, 185, PAGE_HEIGHT, 0.94);
      let y = partyBlock(ctx, { ...values.vendor, extra: vendorExtra(ctx, true) }, 20, 50, {
        size: 8,
        nameSize: 10,
        maxWidth: 150,
      });
      y += 20;
      for (const [label, value] of details(ctx)) {
        page.text(label, 20, y, style(family, 8, false, 0.35));
        page.text(value, 20, y + 11, style(family, fitting(value, 150, family, 10, true), true));
        y += 30;
      }
      page.text(text.title, 205, 50, style(family, 24, true));
      return customerBlocks(ctx, [205, 380], 100, true, 165) + 28;
    },
  },
  {
    id: 'swiss-window-right',
    family: 'Helvetica',
    vendorPosition: 'top',
    ruling: 'grid',
    columns: ['position', 'description', 'qty', 'unit_price', 'amount'],
    totals: 'left',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      partyBlock(ctx, { ...values.vendor, extra: vendorExtra(ctx, false) }, LEFT, 45, {
        size: 8,
        nameSize: 11,
      });
      partyBlock(ctx, values.billTo, 330, 140, { nameSize: 11 });
      page.text(text.title, LEFT, 235, style(family, 16, true));
      let y = 262;
      const rows = details(ctx);
      rows.forEach(([label, value], index) => {
        const x = index % 2 === 0 ? LEFT : 300;
        page.text(withColon(text, label), x, y, style(family, 9, false, 0.3));
        page.text(value, x + 110, y, style(family, 9, true));
        if (index % 2 === 1) y += 14;
      });
      if (rows.length % 2 === 1) y += 14;
      if (values.shipTo)
        y = partyBlock(ctx, values.shipTo, LEFT, y + 6, {
          label: withColon(text, text.label.shipTo),
          size: 9,
        });
      return y + 20;
    },
  },
  {
    id: 'boxed-parties',
    family: 'Helvetica',
    vendorPosition: 'left',
    ruling: 'grid',
    columns: ['description', 'qty', 'unit_price', 'tax_rate', 'amount'],
    totals: 'bar',
    tableLeft: LEFT,
    footerHeight: 20,
    header(ctx) {
      const { page, family, text, values } = ctx;
      page.text(text.title, PAGE_WIDTH / 2, 46, style(family, 20, true), 'center');
      const top = 86;
      const vendorBottom = partyBlock(
        ctx,
        { ...values.vendor, extra: vendorExtra(ctx, false) },
        LEFT + 8,
        top + 8,
        {
          label: withColon(text, text.label.vendor),
          size: 9,
          maxWidth: 224,
        },
      );
      const customerBottom = customerBlocks(ctx, [310, 430], top + 8, true, 112);
      const bottom = Math.max(vendorBottom, customerBottom) + 4;
      page.rect(LEFT, top, 240, bottom - top, null, 0.3);
      page.rect(302, top, RIGHT - 302, bottom - top, null, 0.3);
      return detailsRow(ctx, bottom + 14, LEFT, RIGHT, false) + 8;
    },
  },
];

export const LAYOUT_IDS = LAYOUTS.map((layout) => layout.id);

interface Column {
  key: ColumnKey;
  label: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

const COLUMN_WIDTHS: Record<Exclude<ColumnKey, 'description'>, number> = {
  position: 28,
  qty: 46,
  unit_price: 78,
  tax_rate: 46,
  amount: 82,
};

function tableColumns(spec: LayoutSpec, ctx: LayoutContext, size: number): Column[] {
  const { text, values } = ctx;
  const family = spec.family;
  let keys: ColumnKey[] = spec.columns.filter((key) => key !== 'tax_rate');
  if (values.taxMode === 'per_line')
    keys = [...keys.slice(0, keys.indexOf('amount')), 'tax_rate', 'amount'];
  const currencySuffix =
    !text.markTable && ctx.random.chance(0.3) ? ` (${values.country.currency})` : '';
  const labels: Record<ColumnKey, string> = {
    position: '#',
    description: text.label.description,
    qty: text.label.qty,
    unit_price: text.label.unitPrice,
    tax_rate: text.label.taxRate,
    amount: `${text.label.amount}${currencySuffix}`,
  };
  // A column is as wide as its header or its widest cell needs, the description takes the rest.
  const widthOf = (key: Exclude<ColumnKey, 'description'>): number =>
    Math.max(
      COLUMN_WIDTHS[key],
      textWidth(labels[key], family, true, size) + 10,
      ...values.lines.map(
        (line, index) => textWidth(cellText(key, line, index, text), family, false, size) + 10,
      ),
    );
  const widths = new Map(
    keys.filter((key) => key !== 'description').map((key) => [key, widthOf(key)]),
  );
  const descriptionWidth =
    RIGHT - spec.tableLeft - [...widths.values()].reduce((sum, width) => sum + width, 0);
  let x = spec.tableLeft;
  return keys.map((key) => {
    const width = key === 'description' ? descriptionWidth : (widths.get(key) ?? 0);
    const column: Column = {
      key,
      label: labels[key],
      x,
      width,
      align: key === 'description' ? 'left' : 'right',
    };
    x += width;
    return column;
  });
}

function cellText(key: ColumnKey, line: InvoiceLine, index: number, text: Presentation): string {
  switch (key) {
    case 'position':
      return String(index + 1);
    case 'description':
      return line.description;
    case 'qty':
      return text.qty(line.qty);
    case 'unit_price':
      return text.amount(line.unitPrice, text.markTable);
    case 'tax_rate':
      return text.rate(line.taxRate);
    case 'amount':
      return text.amount(line.amount, text.markTable);
  }
}

const ROW_PAD = 4;

export interface LaidOutInvoice {
  pages: DrawnPage[];
  /** Rows whose description takes more than one printed line. */
  multiLineRows: number;
}

/** Lays the invoice out on as many pages as its lines need. */
export function layOut(
  spec: LayoutSpec,
  values: InvoiceValues,
  text: Presentation,
  random: Random,
): LaidOutInvoice {
  const pages: PagePainter[] = [new PagePainter()];
  const ctx = (): LayoutContext => ({
    values,
    text,
    random,
    page: pages[pages.length - 1] as PagePainter,
    family: spec.family,
  });
  const size = spec.family === 'Courier' ? 9 : 9.5;
  const body = style(spec.family, size);
  const lineHeight = size + 3;
  const columns = tableColumns(spec, ctx(), size);
  const tableRight = RIGHT;
  const limit = BOTTOM - spec.footerHeight - 10;

  const newPage = (): number => {
    pages.push(new PagePainter());
    const page = pages[pages.length - 1] as PagePainter;
    // Continuation header: who and which invoice, as issuers repeat it on every page.
    const left =
      spec.vendorPosition === 'bottom'
        ? `${text.title} ${values.invoiceNumber}`
        : `${values.vendor.name} · ${text.title} ${values.invoiceNumber}`;
    page.text(left, spec.tableLeft, 40, style(spec.family, 8, false, 0.3));
    return 70;
  };

  const tableHeader = (y: number): number => {
    const page = pages[pages.length - 1] as PagePainter;
    const height = lineHeight + 2 * ROW_PAD;
    if (spec.ruling === 'filled-header')
      page.rect(spec.tableLeft, y, tableRight - spec.tableLeft, height, 0.82);
    if (spec.ruling === 'grid')
      page.rect(spec.tableLeft, y, tableRight - spec.tableLeft, height, 0.92, 0.2);
    for (const column of columns) {
      const x = column.align === 'left' ? column.x + 4 : column.x + column.width - 4;
      page.text(column.label, x, y + ROW_PAD, { ...body, bold: true }, column.align);
    }
    if (spec.ruling === 'header-rule' || spec.ruling === 'zebra')
      page.line(spec.tableLeft, y + height, tableRight, y + height, 0.8);
    return y + height;
  };

  let multiLineRows = 0;
  let y = tableHeader(spec.header(ctx()));
  values.lines.forEach((line, index) => {
    const description = columns.find((column) => column.key === 'description') as Column;
    const wrapped = line.descriptionLines.flatMap((part) =>
      wrapText(part, description.width - 8, body),
    );
    if (wrapped.length > 1) multiLineRows++;
    const height = wrapped.length * lineHeight + 2 * ROW_PAD;
    if (y + height > limit) {
      if (spec.ruling === 'header-rule')
        (pages[pages.length - 1] as PagePainter).line(spec.tableLeft, y, tableRight, y, 0.5);
      y = tableHeader(newPage());
    }
    const page = pages[pages.length - 1] as PagePainter;
    if (spec.ruling === 'zebra' && index % 2 === 1)
      page.rect(spec.tableLeft, y, tableRight - spec.tableLeft, height, 0.93);
    if (spec.ruling === 'grid') {
      page.rect(spec.tableLeft, y, tableRight - spec.tableLeft, height, null, 0.2);
      for (const column of columns.slice(1)) page.line(column.x, y, column.x, y + height, 0.5, 0.2);
    }
    if (spec.ruling === 'filled-header')
      page.line(spec.tableLeft, y + height, tableRight, y + height, 0.4, 0.6);
    for (const column of columns) {
      if (column.key === 'description') {
        wrapped.forEach((part, row) =>
          page.text(part, column.x + 4, y + ROW_PAD + row * lineHeight, body),
        );
      } else {
        const x = column.align === 'left' ? column.x + 4 : column.x + column.width - 4;
        page.text(cellText(column.key, line, index, text), x, y + ROW_PAD, body, column.align);
      }
    }
    y += height;
  });
  if (spec.ruling === 'header-rule')
    (pages[pages.length - 1] as PagePainter).line(spec.tableLeft, y, tableRight, y, 0.5);

  // Totals stay together on the last page.
  const totalRows: [string, string, boolean][] = [
    [withColon(text, text.label.subtotal), text.amount(values.subtotal, text.markAllTotals), false],
    ...values.taxes.map((group): [string, string, boolean] => [
      withColon(text, text.taxLine(group.rate)),
      text.amount(group.amount, text.markAllTotals),
      false,
    ]),
    // With several rates issuers print their sum too, so the tax figure is on the page.
    ...(values.taxes.length > 1
      ? [
          [withColon(text, text.taxTotal), text.amount(values.tax, text.markAllTotals), false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    [
      withColon(text, text.totalCode ? `${text.label.total} ${text.totalCode}` : text.label.total),
      text.amount(values.total, true),
      true,
    ],
  ];
  const totalsHeight = totalRows.length * 16 + 70;
  if (y + totalsHeight > limit) y = newPage();
  y += 14;
  const page = pages[pages.length - 1] as PagePainter;
  const labelX = spec.totals === 'left' ? LEFT : tableRight - 230;
  const valueX = spec.totals === 'left' ? LEFT + 240 : tableRight - 4;
  for (const [label, value, isTotal] of totalRows) {
    if (isTotal && spec.totals === 'bar') {
      y += 4;
      page.rect(spec.tableLeft, y - 4, tableRight - spec.tableLeft, 22, 0.85);
      page.text(label, spec.tableLeft + 6, y + 1, style(spec.family, 11, true));
      page.text(value, valueX, y + 1, style(spec.family, 11, true), 'right');
      y += 22;
      continue;
    }
    if (isTotal) page.line(labelX, y - 3, valueX, y - 3, 0.6);
    const rowStyle = style(spec.family, isTotal ? 11 : size, isTotal);
    page.text(label, labelX, y, rowStyle);
    page.text(value, valueX, y, rowStyle, 'right');
    y += isTotal ? 20 : 15;
  }
  y += 10;
  const note = style(spec.family, 8.5, false, 0.2);
  if (text.terms) {
    page.text(text.terms, spec.tableLeft, y, note);
    y += 12;
  }
  const bankInFooter =
    spec.id === 'window-envelope' ||
    spec.id === 'banner' ||
    spec.id === 'sidebar' ||
    spec.id === 'seller-at-bottom';
  if (values.vendor.iban && !bankInFooter) {
    page.text(
      `${text.label.bank}: IBAN ${values.vendor.iban}${values.vendor.bic ? `  BIC ${values.vendor.bic}` : ''}`,
      spec.tableLeft,
      y,
      note,
    );
    y += 12;
  }
  if (spec.closing) {
    if (y + 110 > limit) y = newPage();
    y = spec.closing(ctx(), pages[pages.length - 1] as PagePainter, y);
  }
  (pages[pages.length - 1] as PagePainter).text(text.thanks, spec.tableLeft, y + 12, note);

  // Page numbers need the page count, so footers are drawn last.
  const numbered = pages.length > 1 || random.chance(0.3);
  const atTop = random.chance(0.3);
  pages.forEach((painter, index) => {
    spec.footer?.(ctx(), painter);
    if (!numbered) return;
    const label = text.page(index + 1, pages.length);
    if (atTop && index > 0)
      painter.text(label, RIGHT, 40, style(spec.family, 8, false, 0.3), 'right');
    else painter.text(label, RIGHT, PAGE_HEIGHT - 30, style(spec.family, 8, false, 0.3), 'right');
  });
  return { pages: pages.map((painter) => ({ ops: painter.ops })), multiLineRows };
}
