import { Checkbox, Group, Table } from '@mantine/core';
import { FieldType } from '@parser/contracts';

import { DataTable, type DataTableColumn } from '@/components/data-table';
import { RemoveIconButton } from '@/components/remove-icon-button';

import { type BuilderErrors, type DraftField } from '../utils/draft-items';
import { AiBadge, FIELD_TYPE_OPTIONS } from './builder-controls';
import { ItemDefinitionCells } from './item-definition-cells';

const COLUMNS: DataTableColumn[] = [
  { key: 'order', header: 'Order', width: 76 },
  'Label',
  'Key',
  'Also known as',
  { key: 'type', header: 'Type', width: 130 },
  { key: 'required', header: 'Required', width: 84 },
  { key: 'actions', width: 90 },
];

export interface FieldsTableProps {
  fields: DraftField[];
  errors: BuilderErrors;
  onChange: (fields: DraftField[]) => void;
  /** Moves the field at `index` by `delta` places. */
  onMove: (index: number, delta: number) => void;
}

/** The fields of a type, one row each: order, label, key, aliases, type, required, remove. */
export function FieldsTable({ fields, errors, onChange, onMove }: FieldsTableProps) {
  const updateField = (index: number, update: (field: DraftField) => DraftField) =>
    onChange(fields.map((field, i) => (i === index ? update(field) : field)));
  return (
    <DataTable label="Fields" minWidth={900} columns={COLUMNS} verticalSpacing="xs" layout="fixed">
      {fields.map((field, index) => {
        const name = `field ${index + 1}`;
        return (
          <Table.Tr key={field.id}>
            <ItemDefinitionCells
              item={field}
              name={name}
              index={index}
              count={fields.length}
              errors={errors}
              keyPrefix="field"
              typeOptions={FIELD_TYPE_OPTIONS}
              parseType={(value) => FieldType.parse(value)}
              labelDescription={field.example ? `Example: ${field.example}` : undefined}
              onMove={(delta) => onMove(index, delta)}
              onUpdate={(update) => updateField(index, update)}
            />
            <Table.Td>
              <Checkbox
                aria-label={`${name} required`}
                checked={field.required}
                onChange={(event) => {
                  const required = event.currentTarget.checked;
                  updateField(index, (f) => ({ ...f, required }));
                }}
              />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {field.extracted && <AiBadge />}
                <RemoveIconButton
                  label={`Remove ${name}`}
                  onClick={() => onChange(fields.filter((_, i) => i !== index))}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
