import { z } from 'zod';

import {
  ColumnDefinitionSchema,
  ColumnType,
  FieldDefinitionSchema,
  FieldType,
  PresetKey,
  TableDefinitionSchema,
} from './presets.js';

/** The agents a document type runs. Extraction always runs; the two agents are optional. */
export const AgentsEnabledSchema = z.object({
  extract: z.literal(true).default(true),
  data_entry: z.boolean().default(true),
  recon: z.boolean().default(true),
});
export type AgentsEnabled = z.infer<typeof AgentsEnabledSchema>;
/** What a new type gets when it does not say (spec section 3: a new draft enables every agent). */
export const DEFAULT_AGENTS_ENABLED: AgentsEnabled = {
  extract: true,
  data_entry: true,
  recon: true,
};
/** What a type stored before it had agent settings reads as (spec section 3). */
export const LEGACY_AGENTS_ENABLED: AgentsEnabled = {
  extract: true,
  data_entry: false,
  recon: false,
};

/** Agent toggles as a request sends them; `extract` cannot be switched off, so any value reads as on. */
const AgentsEnabledInputSchema = z.object({
  extract: z
    .boolean()
    .optional()
    .transform(() => true as const),
  data_entry: z.boolean({ error: 'agentsEnabled.data_entry must be true or false' }).optional(),
  recon: z.boolean({ error: 'agentsEnabled.recon must be true or false' }).optional(),
});

export const ExportFormatType = z.enum(['csv', 'xlsx', 'json', 'webhook'], {
  error: 'Export format must be csv, xlsx, json or webhook',
});
export type ExportFormatType = z.infer<typeof ExportFormatType>;
export const EXPORT_FORMAT_TYPES = ExportFormatType.options;

export const WEBHOOK_TIMEOUT = { min: 5, max: 300, default: 30 } as const;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Webhook headers as an object of strings. The wizard's headers box holds JSON text; text that is
 * not a JSON object of strings is ignored (spec section 5), so it reads as no headers.
 */
const WebhookHeadersSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    } catch {
      return {};
    }
  },
  z.record(z.string(), z.string({ error: 'Webhook header values must be text' })),
);

/** Every export setting without defaults: the base of the full settings and of a partial update. */
const exportConfigShape = {
  include_metadata: z.boolean(),
  include_raw: z.boolean(),
  include_recon: z.boolean(),
  webhook_url: z
    .string()
    .trim()
    .max(2048)
    .refine((url) => url === '' || isHttpUrl(url), 'Webhook URL must be an http or https address'),
  auth_token: z.string().max(4096),
  api_key_header: z.string().max(256),
  api_key_value: z.string().max(4096),
  timeout: z
    .number({ error: 'Webhook timeout must be a number of seconds' })
    .int('Webhook timeout must be a whole number of seconds')
    .min(WEBHOOK_TIMEOUT.min, `Webhook timeout must be at least ${WEBHOOK_TIMEOUT.min} seconds`)
    .max(WEBHOOK_TIMEOUT.max, `Webhook timeout must be at most ${WEBHOOK_TIMEOUT.max} seconds`),
  headers: WebhookHeadersSchema,
};

export const ExportConfigSchema = z.object({
  include_metadata: exportConfigShape.include_metadata.default(true),
  include_raw: exportConfigShape.include_raw.default(false),
  include_recon: exportConfigShape.include_recon.default(false),
  webhook_url: exportConfigShape.webhook_url.default(''),
  auth_token: exportConfigShape.auth_token.default(''),
  api_key_header: exportConfigShape.api_key_header.default(''),
  api_key_value: exportConfigShape.api_key_value.default(''),
  timeout: exportConfigShape.timeout.default(WEBHOOK_TIMEOUT.default),
  headers: exportConfigShape.headers.default({}),
});
export type ExportConfig = z.infer<typeof ExportConfigSchema>;

export const ExportFormatSchema = z.object({
  type: ExportFormatType,
  enabled: z.boolean().default(false),
});
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** The four formats in their fixed order; a format is on when any entry for it says so. */
const allFormats = (formats: readonly ExportFormat[]): ExportFormat[] =>
  EXPORT_FORMAT_TYPES.map((type) => ({
    type,
    enabled: formats.some((format) => format.type === type && format.enabled),
  }));

/**
 * Export settings always list all four formats in a fixed order: missing ones are added disabled,
 * so a client that sends only the formats it changed cannot drop the others.
 */
export const ExportSettingsSchema = z
  .object({
    auto_export_on_approval: z.boolean().default(false),
    export_formats: z.array(ExportFormatSchema).max(20).default([]),
    config: ExportConfigSchema.default(ExportConfigSchema.parse({})),
  })
  .transform((settings) => ({ ...settings, export_formats: allFormats(settings.export_formats) }));
export type ExportSettings = z.output<typeof ExportSettingsSchema>;
export const defaultExportSettings = (): ExportSettings => ExportSettingsSchema.parse({});

/**
 * Export settings in an update: only what is sent changes. Formats that are not listed keep their
 * state; config keys that are not sent keep their value.
 */
export const ExportSettingsPatchSchema = z.object({
  auto_export_on_approval: z.boolean().optional(),
  export_formats: z.array(ExportFormatSchema).max(20).optional(),
  config: z.object(exportConfigShape).partial().optional(),
});
export type ExportSettingsPatch = z.output<typeof ExportSettingsPatchSchema>;

/** Applies an update's export settings to the stored ones. */
export function mergeExportSettings(
  current: ExportSettings,
  patch: ExportSettingsPatch,
): ExportSettings {
  const sent = patch.export_formats ?? [];
  return ExportSettingsSchema.parse({
    auto_export_on_approval: patch.auto_export_on_approval ?? current.auto_export_on_approval,
    export_formats: current.export_formats.map((format) =>
      sent.some((entry) => entry.type === format.type)
        ? { type: format.type, enabled: sent.some((e) => e.type === format.type && e.enabled) }
        : format,
    ),
    config: {
      ...current.config,
      ...Object.fromEntries(Object.entries(patch.config ?? {}).filter(([, v]) => v !== undefined)),
    },
  });
}

export const AgentKind = z.enum(['data_entry', 'recon'], {
  error: 'enabledFor may contain data_entry and recon',
});
export type AgentKind = z.infer<typeof AgentKind>;

/** A knowledge document attached to a type, and which agents read it. */
export const ReferenceDocumentLinkSchema = z.object({
  id: z.string({ error: 'Each knowledge document needs its id' }),
  enabledFor: z.array(AgentKind).max(2).default(['data_entry']),
});
export type ReferenceDocumentLink = z.input<typeof ReferenceDocumentLinkSchema>;

export const ReferenceDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  originalFilename: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
  enabledFor: z.array(AgentKind),
});
export type ReferenceDocument = z.infer<typeof ReferenceDocumentSchema>;

export const MAX_FIELDS = 200;
export const MAX_TABLES = 50;
export const MAX_COLUMNS = 50;

const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
const keySchema = (what: string) =>
  z
    .string({ error: `${what} key is required` })
    .max(64, `${what} keys are at most 64 characters`)
    .regex(KEY_PATTERN, {
      error: (issue) =>
        `${what} key "${String(issue.input)}" must start with a lowercase letter and use only a-z, 0-9 and _`,
    });

const FieldInputSchema = FieldDefinitionSchema.extend({
  key: keySchema('Field'),
  label: z.string({ error: 'Field label must be text' }).trim().max(200),
  type: z.enum(FieldType.options, {
    error: 'Field type must be string, number, date, currency or boolean',
  }),
});

const ColumnInputSchema = ColumnDefinitionSchema.extend({
  key: keySchema('Column'),
  label: z.string({ error: 'Column label must be text' }).trim().max(200),
  type: z.enum(ColumnType.options, {
    error: 'Column type must be string, number, date or currency',
  }),
});

const TableInputSchema = TableDefinitionSchema.extend({
  key: keySchema('Table'),
  label: z.string({ error: 'Table label must be text' }).trim().max(200),
  columns: z
    .array(ColumnInputSchema)
    .max(MAX_COLUMNS, `A table has at most ${MAX_COLUMNS} columns`),
});

/**
 * The problems with a type's keys: field keys, table keys and each table's column keys must be
 * unique, and a table may not share a key with a field (review data holds both side by side).
 */
export function keyProblems(
  fields: readonly { key: string }[],
  tables: readonly { key: string; columns: readonly { key: string }[] }[],
): { message: string; path: (string | number)[] }[] {
  const problems: { message: string; path: (string | number)[] }[] = [];
  const duplicates = (
    items: readonly { key: string }[],
    what: string,
    path: (string | number)[],
  ) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key)) {
        problems.push({
          message: `${what} key "${item.key}" is used more than once`,
          path: [...path, index, 'key'],
        });
      }
      seen.add(item.key);
    });
  };
  duplicates(fields, 'Field', ['fields']);
  duplicates(tables, 'Table', ['tables']);
  tables.forEach((table, index) => {
    duplicates(table.columns, `Column of table "${table.key}"`, ['tables', index, 'columns']);
  });
  const fieldKeys = new Set(fields.map((field) => field.key));
  tables.forEach((table, index) => {
    if (fieldKeys.has(table.key)) {
      problems.push({
        message: `Table key "${table.key}" is also a field key`,
        path: ['tables', index, 'key'],
      });
    }
  });
  return problems;
}

const checkKeys = (
  body: { fields?: { key: string }[]; tables?: { key: string; columns: { key: string }[] }[] },
  ctx: z.RefinementCtx,
) => {
  for (const problem of keyProblems(body.fields ?? [], body.tables ?? [])) {
    ctx.addIssue({ code: 'custom', ...problem });
  }
};

const NameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is at most 200 characters');
const FieldsSchema = z
  .array(FieldInputSchema)
  .max(MAX_FIELDS, `A document type has at most ${MAX_FIELDS} fields`);
const TablesSchema = z
  .array(TableInputSchema)
  .max(MAX_TABLES, `A document type has at most ${MAX_TABLES} tables`);
const InstructionsSchema = z.string().max(20_000, 'Instructions are at most 20000 characters');
const LinksSchema = z.array(ReferenceDocumentLinkSchema).max(100);

/** POST /api/doc-types: a new type; what is not sent takes the spec's defaults (sections 3 and 9). */
export const DocTypeCreateSchema = z
  .object({
    name: NameSchema,
    description: z.string().trim().max(2000, 'Description is at most 2000 characters').default(''),
    /** Empty or absent for a custom type. */
    presetKey: z
      .union([PresetKey, z.literal(''), z.null()], {
        error: 'presetKey must be invoice, receipt, handwritten_log or empty',
      })
      .optional()
      .transform((key) => key || null),
    fields: FieldsSchema.default([]),
    tables: TablesSchema.default([]),
    agentsEnabled: AgentsEnabledInputSchema.default({ extract: true }).transform(
      (agents): AgentsEnabled => ({ ...DEFAULT_AGENTS_ENABLED, ...dropUndefined(agents) }),
    ),
    extractionInstructions: InstructionsSchema.default(''),
    dataEntryInstructions: InstructionsSchema.default(''),
    /** The wizard's name for the knowledge documents; merged with referenceDocuments. */
    ragDocs: LinksSchema.optional(),
    referenceDocuments: LinksSchema.optional(),
    exportSettings: ExportSettingsSchema.default(defaultExportSettings()),
    /** The Test step's throwaway copy: never listed, removed after its test. */
    temporary: z.boolean().default(false),
  })
  .superRefine(checkKeys);
export type DocTypeCreate = z.input<typeof DocTypeCreateSchema>;
export type DocTypeCreateInput = z.output<typeof DocTypeCreateSchema>;

/**
 * PUT /api/doc-types/:id, the edit-mode subset (spec section 5): only the keys sent change.
 * Description and presetKey never change; when sent they are ignored, as are unknown keys.
 */
export const DocTypeUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    fields: FieldsSchema.optional(),
    tables: TablesSchema.optional(),
    /** Toggles that are not sent keep their value. */
    agentsEnabled: AgentsEnabledInputSchema.optional(),
    extractionInstructions: InstructionsSchema.optional(),
    dataEntryInstructions: InstructionsSchema.optional(),
    /** The wizard's name for the knowledge documents; merged with referenceDocuments. */
    ragDocs: LinksSchema.optional(),
    referenceDocuments: LinksSchema.optional(),
    exportSettings: ExportSettingsPatchSchema.optional(),
  })
  .superRefine(checkKeys);
export type DocTypeUpdate = z.input<typeof DocTypeUpdateSchema>;
export type DocTypeUpdateInput = z.output<typeof DocTypeUpdateSchema>;

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/** Applies an update's agent toggles to the stored ones; extraction stays on. */
export function mergeAgentsEnabled(
  current: AgentsEnabled,
  patch: { data_entry?: boolean | undefined; recon?: boolean | undefined },
): AgentsEnabled {
  return {
    extract: true,
    data_entry: patch.data_entry ?? current.data_entry,
    recon: patch.recon ?? current.recon,
  };
}

export const DocTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  presetKey: PresetKey.nullable(),
  fields: z.array(FieldDefinitionSchema),
  tables: z.array(TableDefinitionSchema),
  agentsEnabled: AgentsEnabledSchema,
  data_entry_enabled: z.boolean(),
  recon_enabled: z.boolean(),
  extractionInstructions: z.string(),
  dataEntryInstructions: z.string(),
  referenceDocuments: z.array(ReferenceDocumentSchema),
  exportSettings: ExportSettingsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocType = z.infer<typeof DocTypeSchema>;
export const DocTypeListSchema = z.array(DocTypeSchema);

/** The Test step's answer: each field's value and confidence, each table's rows. */
export const ExtractedValueSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  confidence: z.number().min(0).max(1),
  source: z
    .object({
      page: z.number().int(),
      box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    })
    .nullable(),
  /** ISO 4217 code of a money value's currency, where the document shows it (symbol, code or locale). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /**
   * Set when the optional AI model read the value: 'alone' when only the model's reading was
   * used, 'agreed' when the model and the offline engine read the same value.
   */
  model: z.enum(['alone', 'agreed']).optional(),
  /** True when the value was read where the company's reviewers showed this vendor prints it. */
  learned: z.boolean().optional(),
  /**
   * Set when the value was read from the document's e-invoice XML (exact, confidence 1): the
   * XPath it was read at, and for a PDF with embedded XML what the printed page shows instead,
   * when that differs.
   */
  origin: z
    .object({
      kind: z.literal('einvoice'),
      xpath: z.string(),
      printed: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    })
    .optional(),
});
export type ExtractedValue = z.infer<typeof ExtractedValueSchema>;

export const ExtractionResultSchema = z.object({
  fields: z.record(z.string(), ExtractedValueSchema),
  tables: z.record(
    z.string(),
    z.object({ rows: z.array(z.record(z.string(), ExtractedValueSchema)) }),
  ),
});
export type ExtractionResult = z.infer<typeof ExtractionResultSchema>;

export const DocTypeTestBodySchema = z.object({
  fileId: z.string({ error: 'fileId is required' }),
});
export const DocTypeTestResultSchema = ExtractionResultSchema.extend({
  pages: z.number().int(),
  /**
   * With an AI model: what of its answer was not used (a failure keeps the offline engine's
   * values), as a document's pipeline history would say it. Absent when there is nothing to say.
   */
  model_warnings: z.array(z.string()).optional(),
});
export type DocTypeTestResult = z.infer<typeof DocTypeTestResultSchema>;

export const DeleteDocTypeQuerySchema = z.object({
  force: z
    .enum(['true', 'false'], { error: 'force must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
