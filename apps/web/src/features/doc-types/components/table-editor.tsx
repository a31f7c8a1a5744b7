import { Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { ColumnType } from '@parser/contracts';
import { IconPlus } from '@tabler/icons-react';

import { DataTable, type DataTableColumn } from '@/components/data-table';
import { RemoveIconButton } from '@/components/remove-icon-button';

import {
  type BuilderErrors,
  type DraftColumn,
  type DraftTable,
  newColumn,
  withKey,
  withLabel,
} from '../utils/draft-items';
import { AiBadge, COLUMN_TYPE_OPTIONS, KeyInput, MoveButtons } from './builder-controls';
import { ItemDefinitionCells } from './item-definition-cells';

const COLUMNS: DataTableColumn[] = [
  { key: 'order', header: 'Order', width: 76 },
  'Column label',
  'Key',
  'Also known as',
  { key: 'type', header: 'Type', width: 130 },
  { key: 'actions', width: 50 },
];

export interface TableEditorProps {
  table: DraftTable;
  index: number;
  count: number;
  errors: BuilderErrors;
  onChange: (update: (table: DraftTable) => DraftTable) => void;
  onMove: (delta: number) => void;
  onMoveColumn: (columnIndex: number, delta: number) => void;
  onRemove: () => void;
}

/** One table: its label and key, and its columns. */
export function TableEditor({
  table,
  index,
  count,
  errors,
  onChange,
  onMove,
  onMoveColumn,
  onRemove,
}: TableEditorProps) {
  const tableName = `table ${index + 1}`;
  const updateColumn = (columnIndex: number, update: (column: DraftColumn) => DraftColumn) =>
    onChange((t) => ({
      ...t,
      columns: t.columns.map((column, i) => (i === columnIndex ? update(column) : column)),
    }));

  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={`Table ${index + 1}`}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MoveButtons
            name={tableName}
            itemId={table.id}
            index={index}
            count={count}
            onMove={onMove}
          />
          <TextInput
            size="xs"
            label="Table label"
            style={{ flex: 1, minWidth: 180 }}
            value={table.label}
            error={errors[`${table.id}:label`]}
            onChange={(event) => {
              const label = event.currentTarget.value;
              onChange((t) => withLabel(t, label, 'table'));
            }}
          />
          <KeyInput
            label="Table key"
            style={{ flex: 1, minWidth: 180 }}
            value={table.key}
            error={errors[`${table.id}:key`]}
            onKeyChange={(key) => onChange((t) => withKey(t, key))}
          />
          <Group gap={4} mt={22}>
            {table.extracted && <AiBadge />}
            <RemoveIconButton label={`Remove ${tableName}`} onClick={onRemove} />
          </Group>
        </Group>

        {table.columns.length > 0 && (
          <DataTable
            label={`Columns of ${tableName}`}
            minWidth={760}
            columns={COLUMNS}
            verticalSpacing={4}
            layout="fixed"
          >
            {table.columns.map((column, columnIndex) => {
              const name = `column ${columnIndex + 1} of ${tableName}`;
              return (
                <Table.Tr key={column.id}>
                  <ItemDefinitionCells
                    item={column}
                    name={name}
                    index={columnIndex}
                    count={table.columns.length}
                    errors={errors}
                    keyPrefix="column"
                    typeOptions={COLUMN_TYPE_OPTIONS}
                    parseType={(value) => ColumnType.parse(value)}
                    onMove={(delta) => onMoveColumn(columnIndex, delta)}
                    onUpdate={(update) => updateColumn(columnIndex, update)}
                  />
                  <Table.Td>
                    <RemoveIconButton
                      label={`Remove ${name}`}
                      onClick={() =>
                        onChange((t) => ({
                          ...t,
                          columns: t.columns.filter((_, i) => i !== columnIndex),
                        }))
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
        {errors[`${table.id}:columns`] && (
          <Text size="sm" c="red" role="alert">
            {errors[`${table.id}:columns`]}
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            aria-label={`Add column to ${tableName}`}
            onClick={() =>
              onChange((t) => ({ ...t, columns: [...t.columns, newColumn(t.columns)] }))
            }
          >
            Add Column
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
