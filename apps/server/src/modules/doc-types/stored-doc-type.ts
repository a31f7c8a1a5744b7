import {
  AgentsEnabledSchema,
  defaultExportSettings,
  ExportSettingsSchema,
  type FieldDefinition,
  LEGACY_AGENTS_ENABLED,
  type TableDefinition,
} from '@parser/contracts';

import type { DocTypeRow } from '../../db/schema.js';
import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import type { DocTypeValues, StoredReferenceLink } from './doc-types.repository.js';

export function storedLinks(row: DocTypeRow): StoredReferenceLink[] {
  return Array.isArray(row.referenceDocuments)
    ? (row.referenceDocuments as StoredReferenceLink[])
    : [];
}

/** A row's values, with the spec's reading of what older rows lack. */
export function storedValues(row: DocTypeRow): DocTypeValues {
  const agents =
    row.agentsEnabled === null ? null : AgentsEnabledSchema.safeParse(row.agentsEnabled);
  const exportSettings = ExportSettingsSchema.safeParse(row.exportSettings);
  return {
    name: row.name,
    fields: row.fields as FieldDefinition[],
    tables: row.tables as TableDefinition[],
    // A type stored without agent settings runs extraction only (spec section 3).
    agentsEnabled: agents?.success ? agents.data : LEGACY_AGENTS_ENABLED,
    extractionInstructions: row.extractionInstructions,
    dataEntryInstructions: row.dataEntryInstructions,
    referenceDocuments: storedLinks(row),
    exportSettings: exportSettings.success ? exportSettings.data : defaultExportSettings(),
  };
}

/**
 * A type's fields and tables as the engine and the agents read them: a field not marked required
 * is optional, and aliases are passed on only when the type gives some.
 */
export function pipelineSchemaOf(definitions: {
  fields: readonly FieldDefinition[];
  tables: readonly TableDefinition[];
}): Pick<PipelineDocType, 'fields' | 'tables'> {
  return {
    fields: definitions.fields.map(({ key, label, type, required, aliases }) => ({
      key,
      label,
      type,
      required: required ?? false,
      ...(aliases?.length ? { aliases } : {}),
    })),
    tables: definitions.tables.map(({ key, label, columns }) => ({
      key,
      label,
      columns: columns.map((column) => ({
        key: column.key,
        label: column.label,
        type: column.type,
        ...(column.aliases?.length ? { aliases: column.aliases } : {}),
      })),
    })),
  };
}

/** A type as document processing runs it: its schema, extraction instructions and agents. */
export function toPipelineDocType(row: DocTypeRow): PipelineDocType {
  const values = storedValues(row);
  return {
    id: row.id,
    name: row.name,
    ...pipelineSchemaOf(values),
    extractionInstructions: values.extractionInstructions,
    agentsEnabled: values.agentsEnabled,
  };
}
