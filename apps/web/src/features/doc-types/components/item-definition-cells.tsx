import { NativeSelect, Table, TextInput } from '@mantine/core';

import {
  type BuilderErrors,
  type KeyedItem,
  type KeyPrefix,
  withKey,
  withLabel,
} from '../utils/draft-items';
import { AliasesInput, KeyInput, MoveButtons } from './builder-controls';

export interface ItemDefinitionCellsProps<T extends KeyedItem & { type: string }> {
  item: T;
  /** Names the row's controls, e.g. 'field 2' or 'column 1 of table 1'. */
  name: string;
  /** Where the row stands, and how many rows there are (for the move buttons). */
  index: number;
  count: number;
  errors: BuilderErrors;
  /** What a key made from the label starts with. */
  keyPrefix: Extract<KeyPrefix, 'field' | 'column'>;
  typeOptions: { value: T['type']; label: string }[];
  parseType: (value: string) => T['type'];
  /** Shown under the label input. */
  labelDescription?: string;
  onMove: (delta: number) => void;
  onUpdate: (update: (item: T) => T) => void;
}

/** The cells that define a field or a column: order, label, key, aliases and type. */
export function ItemDefinitionCells<T extends KeyedItem & { type: string }>({
  item,
  name,
  index,
  count,
  errors,
  keyPrefix,
  typeOptions,
  parseType,
  labelDescription,
  onMove,
  onUpdate,
}: ItemDefinitionCellsProps<T>) {
  return (
    <>
      <Table.Td>
        <MoveButtons name={name} itemId={item.id} index={index} count={count} onMove={onMove} />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Label of ${name}`}
          value={item.label}
          error={errors[`${item.id}:label`]}
          description={labelDescription}
          inputWrapperOrder={['input', 'description', 'error']}
          onChange={(event) => {
            const label = event.currentTarget.value;
            onUpdate((current) => withLabel(current, label, keyPrefix));
          }}
        />
      </Table.Td>
      <Table.Td>
        <KeyInput
          aria-label={`Key of ${name}`}
          value={item.key}
          error={errors[`${item.id}:key`]}
          onKeyChange={(key) => onUpdate((current) => withKey(current, key))}
        />
      </Table.Td>
      <Table.Td>
        <AliasesInput
          name={name}
          value={item.aliases}
          onAliasesChange={(aliases) => onUpdate((current) => ({ ...current, aliases }))}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          aria-label={`Type of ${name}`}
          data={typeOptions}
          value={item.type}
          onChange={(event) => {
            const type = parseType(event.currentTarget.value);
            onUpdate((current) => ({ ...current, type }));
          }}
        />
      </Table.Td>
    </>
  );
}
