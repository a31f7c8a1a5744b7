import {
  type AgentsEnabled,
  defaultExportSettings,
  type DocType,
  type ExportSettings,
  type FileExtractionResponse,
  KeySchema,
  PRESETS,
  type PresetKey,
  type ReferenceDocumentLink,
} from '@parser/contracts';

import { parseHeadersJson } from '@/lib/headers-json';

import {
  aliasesToText,
  type DraftField,
  type DraftTable,
  type KeyPrefix,
  labelToKey,
  newItemId,
} from './draft-items';

/** A knowledge document attached to the type, and the agents that read it. */
export type KnowledgeLink = Required<ReferenceDocumentLink>;

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
