/**
 * Composes one document of a kind: each call prints something (a labelled value, a party block, a
 * decoy, a table) and, when the user's schema asks for it, records the field and its true value in
 * the same step. Labels and schema names are drawn from the document's split.
 */
import type { Country } from '../corpus/countries.js';
import type { Language } from '../corpus/languages.js';
import type { Random } from '../corpus/random.js';
import type {
  BusinessSchema,
  ColumnValueType,
  FieldTruth,
  Phrasings,
  PrintedColumn,
  PrintedEntry,
  PrintedParty,
  PrintedRow,
  PrintedTable,
  SchemaField,
  Split,
  TableTruth,
  ValueType,
} from './model.js';
import type { PrintStyle } from './print-style.js';
import { phrasingsOf, splitOf } from './splits.js';

/** How users name one field: `key: Label` alternatives, most common first, and what they may write about it. */
export interface UserField {
  names: readonly (readonly [key: string, label: string])[];
  description?: string;
}

/** `asked('gross_salary: Gross salary | gross_pay: Gross pay', 'Pay before deductions')` */
export function asked(names: string, description?: string): UserField {
  const pairs = names.split('|').map((pair) => {
    const [key = '', label = ''] = pair.split(':').map((part) => part.trim());
    return [key, label] as const;
  });
  return description ? { names: pairs, description } : { names: pairs };
}

export type CellValue = string | number | null;

export interface ColumnSpec {
  /** The schema's column; absent for a column printed but not asked for. */
  asked?: UserField;
  header: Phrasings;
  type: ColumnValueType;
  weight: number;
  /** Decimals of a number column; by default each figure's own. */
  decimals?: number;
}

export type RowSpec =
  | { kind: 'item'; values: CellValue[] }
  | { kind: 'section'; text: string }
  | { kind: 'carry'; values: CellValue[] };

export interface TableSpec {
  asked: UserField;
  columns: ColumnSpec[];
  /** Index of the column that tells rows apart. */
  keyColumn: number;
  rows: RowSpec[];
}

export interface ValueOptions {
  decimals?: number;
  /** Printed after a number: "kg", "h". */
  unit?: string;
  /** Where the pair is printed: with the other pairs, or as a sum under the table. */
  place?: 'entries' | 'totals';
}

const plain = (value: number): string => String(Math.round(value * 10000) / 10000);

/** Decimals a number is written with: as many as it has (0.25 → 2, 12 → 0). */
const ownDecimals = (value: number): number => (String(value).split('.')[1] ?? '').length;

export class Composer {
  readonly schema: BusinessSchema = { fields: [], tables: [] };
  readonly fields: Record<string, FieldTruth> = {};
  readonly tables: Record<string, TableTruth> = {};
  readonly entries: PrintedEntry[] = [];
  readonly totals: PrintedEntry[] = [];
  readonly parties: PrintedParty[] = [];
  readonly notes: string[] = [];
  readonly distractors: string[] = [];
  table: PrintedTable | null = null;
  title = '';
  issuer: string[] = [];

  constructor(
    readonly random: Random,
    readonly language: Language,
    readonly split: Split,
    readonly style: PrintStyle,
    readonly country: Country,
    readonly wrappedHeaders: boolean,
  ) {}

  /** One of the split's phrasings of a word in the document's language. */
  say(phrasings: Phrasings): string {
    return this.random.pick(phrasingsOf(phrasings, this.language, this.split));
  }

  private label(phrasings: Phrasings): string {
    const label = this.say(phrasings);
    return this.style.colon && !label.endsWith(':') ? `${label}:` : label;
  }

  private ask(user: UserField): { key: string; label: string; description?: string } {
    const [key, label] = this.random.pick(splitOf(user.names, this.split));
    let unique = key;
    for (let n = 2; this.fields[unique] || this.tables[unique]; n++) unique = `${key}_${n}`;
    return user.description && this.random.chance(0.4)
      ? { key: unique, label, description: user.description }
      : { key: unique, label };
  }

  private askField(user: UserField, type: ValueType, value: string | null): void {
    const named = this.ask(user);
    const field: SchemaField = { ...named, type, required: this.random.chance(0.3) };
    this.schema.fields.push(field);
    this.fields[field.key] = { type, value };
  }

  /** A value as printed on the page. */
  print(type: ValueType, value: string | number | boolean, options: ValueOptions = {}): string {
    switch (type) {
      case 'date':
        return this.style.date(String(value));
      case 'currency':
        return this.style.amount(Number(value), this.style.marksAmounts);
      case 'number': {
        const figure = this.style.number(
          Number(value),
          options.decimals ?? ownDecimals(Number(value)),
        );
        return options.unit ? `${figure} ${options.unit}` : figure;
      }
      case 'boolean':
        return this.style.boolean(Boolean(value));
      case 'string':
        return String(value);
    }
  }

  private truth(type: ValueType, value: string | number | boolean): string {
    if (type === 'currency' || type === 'number') return plain(Number(value));
    if (type === 'boolean') return value ? 'true' : 'false';
    return String(value);
  }

  private printEntry(label: string, value: string, place: ValueOptions['place']): void {
    (place === 'totals' ? this.totals : this.entries).push({ label, value });
  }

  /** A labelled value the schema asks for. */
  field(
    user: UserField,
    term: Phrasings,
    type: ValueType,
    value: string | number | boolean,
    options: ValueOptions = {},
  ): void {
    this.printEntry(this.label(term), this.print(type, value, options), options.place);
    this.askField(user, type, this.truth(type, value));
  }

  /** A labelled value printed near the asked ones but not asked for: a neighbour to confuse with. */
  decoy(
    term: Phrasings,
    type: ValueType,
    value: string | number | boolean,
    options: ValueOptions = {},
  ): void {
    const label = this.label(term);
    this.printEntry(label, this.print(type, value, options), options.place);
    this.distractors.push(label);
  }

  /** A party block (name, then address lines) under a label; the schema may ask for the name. */
  party(user: UserField | null, term: Phrasings, lines: string[]): void {
    const label = this.say(term);
    this.parties.push({ label, lines });
    if (user) this.askField(user, 'string', lines[0] ?? '');
    else this.distractors.push(label);
  }

  /** A period printed as one range ("01.03.2024 – 31.03.2024") and asked for as two dates. */
  period(userFrom: UserField, userTo: UserField, term: Phrasings, from: string, to: string): void {
    const dash = this.random.pick([' - ', ' – ', ' to ', ' / ']);
    const between = dash === ' to ' ? RANGE_WORD[this.language] : dash;
    this.entries.push({
      label: this.label(term),
      value: `${this.style.date(from)}${between}${this.style.date(to)}`,
    });
    this.askField(userFrom, 'date', from);
    this.askField(userTo, 'date', to);
  }

  /** A field the user asks for that this document does not print: it should come back empty. */
  absent(user: UserField, type: ValueType): void {
    this.askField(user, type, null);
  }

  /** The document's table, printed and asked for. */
  addTable(spec: TableSpec): void {
    const named = this.ask(spec.asked);
    const askedColumns = spec.columns
      .map((column, index) => ({ column, index }))
      .filter(({ column }) => column.asked);
    const columnNames = askedColumns.map(({ column, index }) => {
      const [key, label] = this.random.pick(splitOf(column.asked!.names, this.split));
      return { index, key, label, type: column.type };
    });
    const keyName = columnNames.find((c) => c.index === spec.keyColumn);
    if (!keyName) throw new Error('the key column must be asked for');
    this.schema.tables.push({
      key: named.key,
      label: named.label,
      columns: columnNames.map(({ key, label, type }) => ({ key, label, type })),
    });
    const cell = (column: ColumnSpec, value: CellValue): string => {
      if (value === null || value === '') return '';
      if (column.type === 'currency') return this.style.amount(Number(value), false);
      return this.print(column.type, value, column.decimals ? { decimals: column.decimals } : {});
    };
    const rows: PrintedRow[] = spec.rows.map((row) =>
      row.kind === 'section'
        ? row
        : { kind: row.kind, cells: row.values.map((v, i) => cell(spec.columns[i]!, v)) },
    );
    const columns: PrintedColumn[] = spec.columns.map((column) => {
      const header = this.say(column.header);
      return {
        header: this.wrappedHeaders ? wrapHeader(header) : [header],
        align: column.type === 'string' || column.type === 'date' ? 'left' : 'right',
        weight: column.weight,
      };
    });
    this.table = { columns, rows, totals: this.totals };
    this.tables[named.key] = {
      keyColumn: keyName.key,
      columns: Object.fromEntries(columnNames.map((c) => [c.key, c.type])),
      rows: spec.rows.flatMap((row) =>
        row.kind === 'item'
          ? [
              Object.fromEntries(
                columnNames.map(({ index, key, type }) => {
                  const value = row.values[index];
                  return [
                    key,
                    value === null || value === undefined || value === ''
                      ? ''
                      : this.truth(type, value),
                  ];
                }),
              ),
            ]
          : [],
      ),
    };
  }
}

const RANGE_WORD: Record<Language, string> = {
  en: ' to ',
  de: ' bis ',
  fr: ' au ',
  nl: ' t/m ',
  es: ' al ',
  it: ' al ',
  pt: ' a ',
};

/** A header of two or more words broken in the middle onto two lines; a single word stays whole. */
function wrapHeader(header: string): string[] {
  const parts = header.split(' ');
  if (parts.length < 2) return [header];
  const cut = Math.ceil(parts.length / 2);
  return [parts.slice(0, cut).join(' '), parts.slice(cut).join(' ')];
}
