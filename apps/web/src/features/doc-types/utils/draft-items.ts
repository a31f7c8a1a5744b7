import { type ColumnType, type FieldType, KeySchema } from '@parser/contracts';

/** A field, table or column of a draft: its key follows its label until set by hand. */
export interface KeyedItem {
  /** Stable identity for React lists and error lookups; never sent. */
  id: string;
  /** The id the server stored, sent back on update so it keeps its identity. */
  persistedId?: string;
  key: string;
  label: string;
  /**
   * Once true, the key no longer follows the label: the admin typed it, or it names data that
   * already exists (a saved type's fields, a preset key that is not its label in snake_case).
   */
  keyLocked: boolean;
  /** Other labels the documents print for it, comma-separated as typed ("Also known as"). */
  aliases?: string;
}

/** "Inv. No, Rechnungsnummer" → ['Inv. No', 'Rechnungsnummer']: the aliases a draft item sends. */
export function aliasesFromText(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((alias) => alias.trim())
        .filter(Boolean),
    ),
  ];
}

export const aliasesToText = (aliases: readonly string[] | undefined): string | undefined =>
  aliases?.length ? aliases.join(', ') : undefined;

export interface DraftField extends KeyedItem {
  type: FieldType;
  required: boolean;
  /** Suggested by Quick Setup from the example document. */
  extracted: boolean;
  /** What the example document showed for the field, as a hint for the admin. */
  example?: string | null;
}

export interface DraftColumn extends KeyedItem {
  type: ColumnType;
}

export interface DraftTable extends KeyedItem {
  columns: DraftColumn[];
  extracted: boolean;
}

/** The fields and tables a draft holds: what the builder edits. */
export interface DraftItems {
  fields: DraftField[];
  tables: DraftTable[];
}

/** The server's limit on key length. */
const MAX_KEY_LENGTH = 64;

let sequence = 0;
/** A unique id for a new draft item (only needs to be unique within the page). */
export function newItemId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

export type KeyPrefix = 'field' | 'column' | 'table';

/**
 * snake_case key for a label: 'Invoice Number' → 'invoice_number'. Accents are dropped, anything
 * else that is not a-z or 0-9 becomes '_', and a leading digit gets the item kind in front so the
 * key still starts with a letter ('1st Item' → 'field_1st_item').
 */
export function labelToKey(label: string, prefix: KeyPrefix): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const startsWithLetter = /^[0-9]/.test(key) ? `${prefix}_${key}` : key;
  return startsWithLetter.slice(0, MAX_KEY_LENGTH).replace(/_+$/, '');
}

/** The message for a key that cannot be saved, or null. `others` are the keys it must differ from. */
export function keyError(key: string, others: readonly string[], scope: string): string | null {
  if (key === '') return 'Key is required';
  if (key.length > MAX_KEY_LENGTH) return `Keys are at most ${MAX_KEY_LENGTH} characters`;
  const parsed = KeySchema.safeParse(key);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid key';
  if (others.includes(key)) return `Key "${key}" is already used ${scope}`;
  return null;
}

/** Apply a label edit: the key follows it unless the key was set by hand. */
export function withLabel<T extends KeyedItem>(item: T, label: string, prefix: KeyPrefix): T {
  return item.keyLocked ? { ...item, label } : { ...item, label, key: labelToKey(label, prefix) };
}

/** Apply a key typed by hand: from now on the key no longer follows the label. */
export function withKey<T extends KeyedItem>(item: T, key: string): T {
  return { ...item, key, keyLocked: true };
}

/** Move the item at `index` by `delta` places; out-of-range moves return the list unchanged. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

/** The first `{prefix}_{n}` (n counted from the list length + 1) that is not taken yet. */
function nextNumber(prefix: KeyPrefix, takenKeys: readonly string[], count: number): number {
  let n = count + 1;
  while (takenKeys.includes(`${prefix}_${n}`)) n += 1;
  return n;
}

/** A new field: key field_{n}, label 'Field {n}', a string, not required. */
export function newField(fields: readonly DraftField[], takenKeys: readonly string[]): DraftField {
  const n = nextNumber('field', takenKeys, fields.length);
  return {
    id: newItemId('field'),
    key: `field_${n}`,
    label: `Field ${n}`,
    type: 'string',
    required: false,
    extracted: false,
    keyLocked: false,
  };
}

/** A new column: key column_{n}, label 'Column {n}', a string. */
export function newColumn(columns: readonly DraftColumn[]): DraftColumn {
  const n = nextNumber(
    'column',
    columns.map((column) => column.key),
    columns.length,
  );
  return {
    id: newItemId('column'),
    key: `column_${n}`,
    label: `Column ${n}`,
    type: 'string',
    keyLocked: false,
  };
}

/** A new table: key table_{n}, label 'Table {n}', with one column column_1. */
export function newTable(tables: readonly DraftTable[], takenKeys: readonly string[]): DraftTable {
  const n = nextNumber('table', takenKeys, tables.length);
  return {
    id: newItemId('table'),
    key: `table_${n}`,
    label: `Table ${n}`,
    columns: [newColumn([])],
    extracted: false,
    keyLocked: false,
  };
}

/** Problems that block saving the fields and tables, keyed by the item's id (`{id}:columns` for a table without columns). */
export type BuilderErrors = Record<string, string>;

/** Every key and label problem in the builder. Fields and tables share one namespace: review data merges them. */
export function builderErrors(draft: DraftItems): BuilderErrors {
  const errors: BuilderErrors = {};
  const topLevel: KeyedItem[] = [...draft.fields, ...draft.tables];
  topLevel.forEach((item, index) => {
    const earlier = topLevel.slice(0, index).map((other) => other.key);
    const error = keyError(item.key, earlier, 'in this document type');
    if (error) errors[`${item.id}:key`] = error;
    if (item.label.trim() === '') errors[`${item.id}:label`] = 'Label is required';
  });
  draft.tables.forEach((table) => {
    if (table.columns.length === 0) errors[`${table.id}:columns`] = 'Add at least one column';
    table.columns.forEach((column, index) => {
      const earlier = table.columns.slice(0, index).map((other) => other.key);
      const error = keyError(column.key, earlier, 'in this table');
      if (error) errors[`${column.id}:key`] = error;
      if (column.label.trim() === '') errors[`${column.id}:label`] = 'Label is required';
    });
  });
  return errors;
}

/** The keys already used by fields and tables (one namespace). */
export function topLevelKeys(draft: DraftItems): string[] {
  return [...draft.fields.map((field) => field.key), ...draft.tables.map((table) => table.key)];
}
