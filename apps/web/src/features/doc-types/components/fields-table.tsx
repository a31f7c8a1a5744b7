import { Checkbox, Group, NativeSelect, Table, TextInput } from '@mantine/core';
import { FieldType } from '@parser/contracts';

import { RemoveIconButton } from '@/components/remove-icon-button';

import { type BuilderErrors, type DraftField, withKey, withLabel } from '../utils/draft-items';
import {
  AiBadge,
  AliasesInput,
  FIELD_TYPE_OPTIONS,
  KeyInput,
  MoveButtons,
} from './builder-controls';

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
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" layout="fixed" aria-label="Fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={76}>Order</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Also known as</Table.Th>
            <Table.Th w={130}>Type</Table.Th>
            <Table.Th w={84}>Required</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, index) => {
            const name = `field ${index + 1}`;
            return (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <MoveButtons
                    name={name}
                    itemId={field.id}
                    index={index}
                    count={fields.length}
                    onMove={(delta) => onMove(index, delta)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`Label of ${name}`}
                    value={field.label}
                    error={errors[`${field.id}:label`]}
                    description={field.example ? `Example: ${field.example}` : undefined}
                    inputWrapperOrder={['input', 'description', 'error']}
                    onChange={(event) => {
                      const label = event.currentTarget.value;
                      updateField(index, (f) => withLabel(f, label, 'field'));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <KeyInput
                    aria-label={`Key of ${name}`}
                    value={field.key}
                    error={errors[`${field.id}:key`]}
                    onKeyChange={(key) => updateField(index, (f) => withKey(f, key))}
                  />
                </Table.Td>
                <Table.Td>
                  <AliasesInput
                    name={name}
                    value={field.aliases}
                    onAliasesChange={(aliases) => updateField(index, (f) => ({ ...f, aliases }))}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`Type of ${name}`}
                    data={FIELD_TYPE_OPTIONS}
                    value={field.type}
                    onChange={(event) => {
                      const type = FieldType.parse(event.currentTarget.value);
                      updateField(index, (f) => ({ ...f, type }));
                    }}
                  />
                </Table.Td>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
