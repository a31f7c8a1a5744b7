import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading: its text, or its content with a key and an optional width. */
export type DataTableColumn = string | { key: string; header?: ReactNode; width?: number };

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: readonly DataTableColumn[];
  /** The body rows. */
  children: ReactNode;
}

/** A sideways-scrolling table with a heading row; rows are spaced 'sm' unless told otherwise. */
export function DataTable({
  label,
  minWidth,
  columns,
  children,
  verticalSpacing = 'sm',
  ...tableProps
}: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} aria-label={label} {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column}>{column}</Table.Th>
              ) : (
                <Table.Th key={column.key} w={column.width}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
