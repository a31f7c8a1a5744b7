import { Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

import {
  type BuilderErrors,
  builderErrors,
  type DraftField,
  type DraftTable,
  moveItem,
  newField,
  newTable,
  topLevelKeys,
} from '../utils/draft-items';
import { BuilderSection } from './builder-section';
import { FieldsTable } from './fields-table';
import { TableEditor } from './table-editor';

/** The fields and tables of a type. */
export interface BuilderValue {
  fields: DraftField[];
  tables: DraftTable[];
}

export interface FieldTableBuilderProps {
  value: BuilderValue;
  onChange: (value: BuilderValue) => void;
}

/**
 * The visual builder: fields and tables with inline label, key, type and required, reordering by
 * buttons (focus follows the moved item), keys that follow labels until typed by hand, and inline
 * key errors.
 */
export function FieldTableBuilder({ value, onChange }: FieldTableBuilderProps) {
  const { fields, tables } = value;
  const errors: BuilderErrors = builderErrors(value);
  const containerRef = useRef<HTMLDivElement>(null);
  // After a move React re-orders the rows; put focus back on the moved item's button.
  const pendingFocus = useRef<{ itemId: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const find = (direction: string) =>
      containerRef.current?.querySelector<HTMLButtonElement>(
        `[data-move="${target.itemId}:${direction}"]`,
      );
    const same = find(target.direction);
    const other = find(target.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
  });

  const move = <T extends { id: string }>(items: T[], index: number, delta: number) => {
    const item = items[index];
    if (item) pendingFocus.current = { itemId: item.id, direction: delta < 0 ? 'up' : 'down' };
    return moveItem(items, index, delta);
  };

  const setFields = (next: DraftField[]) => onChange({ fields: next, tables });
  const setTables = (next: DraftTable[]) => onChange({ fields, tables: next });
  const updateTable = (index: number, update: (table: DraftTable) => DraftTable) =>
    setTables(tables.map((table, i) => (i === index ? update(table) : table)));

  return (
    <Stack gap="xl" ref={containerRef}>
      {fields.length + tables.length === 0 && (
        <Text c="dimmed" size="sm">
          Add at least one field or table to describe what to extract.
        </Text>
      )}

      <BuilderSection
        id="builder-fields"
        title={`Fields (${fields.length})`}
        addLabel="Add Field"
        onAdd={() => setFields([...fields, newField(fields, topLevelKeys(value))])}
      >
        {fields.length > 0 && (
          <FieldsTable
            fields={fields}
            errors={errors}
            onChange={setFields}
            onMove={(index, delta) => setFields(move(fields, index, delta))}
          />
        )}
      </BuilderSection>

      <BuilderSection
        id="builder-tables"
        title={`Tables (${tables.length})`}
        addLabel="Add Table"
        onAdd={() => setTables([...tables, newTable(tables, topLevelKeys(value))])}
      >
        {tables.map((table, index) => (
          <TableEditor
            key={table.id}
            table={table}
            index={index}
            count={tables.length}
            errors={errors}
            onChange={(update) => updateTable(index, update)}
            onMove={(delta) => setTables(move(tables, index, delta))}
            onMoveColumn={(columnIndex, delta) =>
              updateTable(index, (t) => ({ ...t, columns: move(t.columns, columnIndex, delta) }))
            }
            onRemove={() => setTables(tables.filter((_, i) => i !== index))}
          />
        ))}
      </BuilderSection>
    </Stack>
  );
}
