import {
  type AgentsEnabled,
  type ColumnType,
  defaultExportSettings,
  type DocType,
  type DocTypeCreate,
  type DocTypeUpdate,
  type ExportSettings,
  type FieldType,
  type FileExtractionResponse,
  KeySchema,
  PRESETS,
  type PresetKey,
  type ReferenceDocumentLink,
} from '@parser/contracts';

import { parseHeadersJson } from '@/lib/headers-json';

/** A knowledge document attached to the type, and the agents that read it. */
export type KnowledgeLink = Required<ReferenceDocumentLink>;

interface KeyedItem {
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

const aliasesToText = (aliases: readonly string[] | undefined): string | undefined =>
  aliases?.length ? aliases.join(', ') : undefined;

/** The aliases part of a saved field or column: sent only when there are some. */
const aliasesPart = (item: KeyedItem) => {
  const aliases = aliasesFromText(item.aliases);
  return aliases.length ? { aliases } : {};
};

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

/** Quick Setup's example document. */
export interface ExampleFile {
  fileId: string;
  fileName: string;
}

/** Everything the wizard edits before it saves. */
export interface DocTypeDraft {
  name: string;
  description: string;
  presetKey: PresetKey | null;
  fields: DraftField[];
  tables: DraftTable[];
  agentsEnabled: AgentsEnabled;
  extractionInstructions: string;
  dataEntryInstructions: string;
  ragDocs: KnowledgeLink[];
  /** Holds the last valid webhook headers; `headersText` is what the admin typed. */
  exportSettings: ExportSettings;
  headersText: string;
  exampleFile: ExampleFile | null;
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

interface LoadedItem {
  id?: string;
  key: string;
  label: string;
}

/** Saved items keep their keys: stored documents use them. Others follow the label if it matches. */
function loadedKeyFields(item: LoadedItem, prefix: KeyPrefix, saved: boolean) {
  return {
    id: newItemId(prefix),
    persistedId: saved ? item.id : undefined,
    key: item.key,
    label: item.label,
    keyLocked: saved || item.key !== labelToKey(item.label, prefix),
  };
}

function loadFields(fields: DocType['fields'], saved: boolean): DraftField[] {
  return fields.map((field) => ({
    ...loadedKeyFields(field, 'field', saved),
    type: field.type,
    required: field.required ?? false,
    extracted: field.extracted ?? false,
    ...(field.aliases?.length ? { aliases: aliasesToText(field.aliases) } : {}),
  }));
}

function loadTables(tables: DocType['tables'], saved: boolean): DraftTable[] {
  return tables.map((table) => ({
    ...loadedKeyFields(table, 'table', saved),
    extracted: table.extracted ?? false,
    columns: table.columns.map((column) => ({
      ...loadedKeyFields(column, 'column', saved),
      type: column.type,
      ...(column.aliases?.length ? { aliases: aliasesToText(column.aliases) } : {}),
    })),
  }));
}

function headersToText(headers: Record<string, string>): string {
  return Object.keys(headers).length > 0 ? JSON.stringify(headers, null, 2) : '';
}

/** A new type: no preset, every agent on (spec section 3), default export settings. */
export function createEmptyDraft(): DocTypeDraft {
  return {
    name: '',
    description: '',
    presetKey: null,
    fields: [],
    tables: [],
    agentsEnabled: { extract: true, data_entry: true, recon: true },
    extractionInstructions: '',
    dataEntryInstructions: '',
    ragDocs: [],
    exportSettings: defaultExportSettings(),
    headersText: '',
    exampleFile: null,
  };
}

/** The draft for editing a saved type. */
export function draftFromDocType(docType: DocType): DocTypeDraft {
  return {
    name: docType.name,
    description: docType.description,
    presetKey: docType.presetKey,
    fields: loadFields(docType.fields, true),
    tables: loadTables(docType.tables, true),
    agentsEnabled: docType.agentsEnabled,
    extractionInstructions: docType.extractionInstructions,
    dataEntryInstructions: docType.dataEntryInstructions,
    ragDocs: docType.referenceDocuments.map(({ id, enabledFor }) => ({ id, enabledFor })),
    exportSettings: docType.exportSettings,
    headersText: headersToText(docType.exportSettings.config.headers),
    exampleFile: null,
  };
}

/**
 * Choosing a preset replaces name, description, fields and tables; choosing Custom (null) empties
 * fields and tables and keeps what was typed as name and description.
 */
export function applyPreset(draft: DocTypeDraft, presetKey: PresetKey | null): DocTypeDraft {
  if (presetKey === null) return { ...draft, presetKey: null, fields: [], tables: [] };
  const preset = PRESETS[presetKey];
  return {
    ...draft,
    presetKey,
    name: preset.name,
    description: preset.description,
    fields: loadFields(
      preset.fields.map((field) => ({ ...field, required: field.required ?? false })),
      false,
    ),
    tables: loadTables(preset.tables, false),
  };
}

/** Quick Setup: the engine's suggestion replaces fields and tables, each marked as AI extracted. */
export function applySuggestion(
  draft: DocTypeDraft,
  { extraction_result: suggestion }: FileExtractionResponse,
): DocTypeDraft {
  // The engine names things by key; a key the house pattern rejects is rebuilt from it.
  const safeKey = (key: string, prefix: KeyPrefix) =>
    KeySchema.safeParse(key).success ? key : labelToKey(key, prefix) || `${prefix}_1`;
  const fields = Object.entries(suggestion.fields).map(([key, field]): DraftField => ({
    ...loadedKeyFields({ key: safeKey(key, 'field'), label: field.label }, 'field', false),
    type: field.type,
    required: false,
    extracted: true,
    example: field.value,
  }));
  const tables = Object.entries(suggestion.tables).map(([key, table]): DraftTable => ({
    ...loadedKeyFields({ key: safeKey(key, 'table'), label: table.label }, 'table', false),
    extracted: true,
    columns: Object.entries(table.columns).map(([columnKey, column]) => ({
      ...loadedKeyFields(
        { key: safeKey(columnKey, 'column'), label: column.label },
        'column',
        false,
      ),
      type: column.type,
    })),
  }));
  return { ...draft, fields, tables };
}

/** Keep what was typed; the export settings take the headers only when they parse. */
export function withHeadersText(draft: DocTypeDraft, headersText: string): DocTypeDraft {
  const headers = parseHeadersJson(headersText);
  if (headers === null) return { ...draft, headersText };
  return {
    ...draft,
    headersText,
    exportSettings: {
      ...draft.exportSettings,
      config: { ...draft.exportSettings.config, headers },
    },
  };
}

/** Problems that block saving the fields and tables, keyed by the item's id (`{id}:columns` for a table without columns). */
export type BuilderErrors = Record<string, string>;

/** Every key and label problem in the builder. Fields and tables share one namespace: review data merges them. */
export function builderErrors(draft: Pick<DocTypeDraft, 'fields' | 'tables'>): BuilderErrors {
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
export function topLevelKeys(draft: Pick<DocTypeDraft, 'fields' | 'tables'>): string[] {
  return [...draft.fields.map((field) => field.key), ...draft.tables.map((table) => table.key)];
}

/** The settings both create and update send. */
function editableParts(draft: DocTypeDraft) {
  const withPersistedId = (item: KeyedItem) => (item.persistedId ? { id: item.persistedId } : {});
  return {
    name: draft.name.trim(),
    fields: draft.fields.map((field) => ({
      ...withPersistedId(field),
      key: field.key,
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(field.extracted ? { extracted: true } : {}),
      ...aliasesPart(field),
    })),
    tables: draft.tables.map((table) => ({
      ...withPersistedId(table),
      key: table.key,
      label: table.label.trim(),
      ...(table.extracted ? { extracted: true } : {}),
      columns: table.columns.map((column) => ({
        ...withPersistedId(column),
        key: column.key,
        label: column.label.trim(),
        type: column.type,
        ...aliasesPart(column),
      })),
    })),
    agentsEnabled: draft.agentsEnabled,
    extractionInstructions: draft.extractionInstructions,
    dataEntryInstructions: draft.dataEntryInstructions,
    // One list, sent under the stored name only: the server merges `ragDocs` into it.
    referenceDocuments: draft.ragDocs,
    exportSettings: draft.exportSettings,
  };
}

/** PUT body: the edit-mode subset (never description or presetKey). */
export function toUpdateBody(draft: DocTypeDraft): DocTypeUpdate {
  return editableParts(draft);
}

/** POST body: everything, with description and preset. */
export function toCreateBody(draft: DocTypeDraft): DocTypeCreate {
  return {
    ...editableParts(draft),
    description: draft.description.trim(),
    presetKey: draft.presetKey ?? '',
  };
}

export type WizardMode = 'create' | 'edit';

export type WizardStepId =
  'basics' | 'quick_setup' | 'regions' | 'rag_agents' | 'export' | 'test' | 'summary';

export interface WizardStep {
  id: WizardStepId;
  label: string;
}

/** Spec section 2: seven create steps (Quick Setup only for custom types), five edit steps. */
export function wizardSteps(mode: WizardMode, presetKey: PresetKey | null): WizardStep[] {
  if (mode === 'edit') {
    return [
      { id: 'basics', label: 'Name' },
      { id: 'regions', label: 'Fields & Tables' },
      { id: 'rag_agents', label: 'Agents' },
      { id: 'export', label: 'Export Settings' },
      { id: 'summary', label: 'Save Changes' },
    ];
  }
  const steps: WizardStep[] = [
    { id: 'basics', label: 'Basics' },
    { id: 'quick_setup', label: 'Quick Setup' },
    { id: 'regions', label: 'Regions' },
    { id: 'rag_agents', label: 'RAG & Agents' },
    { id: 'export', label: 'Export Settings' },
    { id: 'test', label: 'Test' },
    { id: 'summary', label: 'Summary' },
  ];
  return presetKey ? steps.filter((step) => step.id !== 'quick_setup') : steps;
}

/** Spec section 4, step gating; the fields step also needs keys and labels that can be saved. */
export function isStepValid(step: WizardStepId, draft: DocTypeDraft): boolean {
  switch (step) {
    case 'basics':
      return draft.name.trim() !== '';
    case 'quick_setup':
      return draft.exampleFile !== null;
    case 'regions':
      return (
        draft.fields.length + draft.tables.length > 0 &&
        Object.keys(builderErrors(draft)).length === 0
      );
    case 'rag_agents':
    case 'export':
    case 'test':
    case 'summary':
      return true;
  }
}

/**
 * A step header opens when it is earlier than the current step, or when it and every step before
 * it are valid (so a header never skips a step that still needs input).
 */
export function canOpenStep(
  steps: readonly WizardStep[],
  index: number,
  active: number,
  draft: DocTypeDraft,
): boolean {
  if (index < active) return true;
  return steps.slice(0, index + 1).every((step) => isStepValid(step.id, draft));
}
