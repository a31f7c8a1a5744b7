import type { DocTypeCreate, DocTypeUpdate } from '@parser/contracts';

import type { DocTypeDraft } from './draft';
import { aliasesFromText, type KeyedItem } from './draft-items';

/** The aliases part of a saved field or column: sent only when there are some. */
const aliasesPart = (item: KeyedItem) => {
  const aliases = aliasesFromText(item.aliases);
  return aliases.length ? { aliases } : {};
};

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
