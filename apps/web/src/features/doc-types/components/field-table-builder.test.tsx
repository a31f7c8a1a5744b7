import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { render, screen, userEvent, within } from '@/test/render';

import { applyPreset, createEmptyDraft } from '../utils/draft';
import { toCreateBody } from '../utils/draft-body';
import { type BuilderValue, FieldTableBuilder } from './field-table-builder';

function Harness({ initial }: { initial: BuilderValue }) {
  const [value, setValue] = useState(initial);
  return <FieldTableBuilder value={value} onChange={setValue} />;
}

function renderBuilder(initial: BuilderValue = { fields: [], tables: [] }) {
  return render(<Harness initial={initial} />, { user: null });
}

const keyInput = (n: number) => screen.getByRole('textbox', { name: `Key of field ${n}` });
const labelInput = (n: number) => screen.getByRole('textbox', { name: `Label of field ${n}` });
const keyValues = () =>
  screen
    .getAllByRole('textbox', { name: /^Key of field \d+$/ })
    .map((input) => (input as HTMLInputElement).value);

describe('FieldTableBuilder', () => {
  it('derives the key from the label until the admin types a key', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(keyInput(1)).toHaveValue('field_1');
    expect(labelInput(1)).toHaveValue('Field 1');

    await userEvent.clear(labelInput(1));
    await userEvent.type(labelInput(1), 'Amount Due (EUR)');
    expect(keyInput(1)).toHaveValue('amount_due_eur');

    await userEvent.clear(keyInput(1));
    await userEvent.type(keyInput(1), 'due');
    await userEvent.type(labelInput(1), ' incl. tax');
    expect(keyInput(1)).toHaveValue('due');
  });

  it('shows key errors inline: pattern, required and duplicates', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));

    await userEvent.clear(keyInput(1));
    expect(screen.getByText('Key is required')).toBeInTheDocument();
    await userEvent.type(keyInput(1), 'Total');
    expect(keyInput(1)).toHaveAccessibleDescription(/start with a lowercase letter/);
    await userEvent.clear(keyInput(1));
    await userEvent.type(keyInput(1), 'field_2');
    expect(keyInput(2)).toHaveAccessibleDescription(
      'Key "field_2" is already used in this document type',
    );
    expect(keyInput(2)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(keyInput(1));
    await userEvent.type(keyInput(1), 'total');
    expect(keyInput(1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(keyInput(2)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reorders fields with the move buttons, keeps focus on the moved field and works by keyboard', async () => {
    const invoice = applyPreset(createEmptyDraft(), 'invoice');
    renderBuilder({ fields: invoice.fields.slice(0, 3), tables: [] });
    expect(keyValues()).toEqual(['invoice_number', 'invoice_date', 'vendor_name']);
    expect(screen.getByRole('button', { name: 'Move field 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move field 3 down' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move field 3 up' }));
    expect(keyValues()).toEqual(['invoice_number', 'vendor_name', 'invoice_date']);
    // Focus follows the moved field to its new place.
    expect(screen.getByRole('button', { name: 'Move field 2 up' })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(keyValues()).toEqual(['vendor_name', 'invoice_number', 'invoice_date']);
    // At the top its up button is disabled, so focus moves to its down button.
    expect(screen.getByRole('button', { name: 'Move field 1 down' })).toHaveFocus();
  });

  it('edits type and required inline and removes a field', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Type of field 1' }),
      'Currency',
    );
    expect(screen.getByRole('combobox', { name: 'Type of field 1' })).toHaveValue('currency');
    await userEvent.click(screen.getByRole('checkbox', { name: 'field 1 required' }));
    expect(screen.getByRole('checkbox', { name: 'field 1 required' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Remove field 1' }));
    expect(keyValues()).toEqual(['field_2']);
    expect(screen.getByRole('checkbox', { name: 'field 1 required' })).not.toBeChecked();
  });

  it('adds tables with one column, adds, reorders and removes columns', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add Table' }));
    const table = screen.getByRole('group', { name: 'Table 1' });
    expect(within(table).getByRole('textbox', { name: 'Table key' })).toHaveValue('table_1');
    expect(within(table).getByRole('textbox', { name: 'Table label' })).toHaveValue('Table 1');
    const columnKeys = () =>
      within(table)
        .getAllByRole('textbox', { name: /^Key of column \d+ of table 1$/ })
        .map((input) => (input as HTMLInputElement).value);
    expect(columnKeys()).toEqual(['column_1']);

    await userEvent.click(within(table).getByRole('button', { name: 'Add column to table 1' }));
    expect(columnKeys()).toEqual(['column_1', 'column_2']);
    // Columns offer every field type but boolean.
    const columnType = within(table).getByRole('combobox', { name: 'Type of column 2 of table 1' });
    expect(within(columnType).queryByRole('option', { name: 'Yes / No' })).not.toBeInTheDocument();
    expect(within(columnType).getByRole('option', { name: 'Currency' })).toBeInTheDocument();

    await userEvent.click(
      within(table).getByRole('button', { name: 'Move column 2 of table 1 up' }),
    );
    expect(columnKeys()).toEqual(['column_2', 'column_1']);

    await userEvent.click(
      within(table).getByRole('button', { name: 'Remove column 1 of table 1' }),
    );
    await userEvent.click(
      within(table).getByRole('button', { name: 'Remove column 1 of table 1' }),
    );
    expect(within(table).getByRole('alert')).toHaveTextContent('Add at least one column');
  });

  it('marks AI extracted fields with a visible AI badge', () => {
    const invoice = applyPreset(createEmptyDraft(), 'invoice');
    renderBuilder({
      fields: [{ ...invoice.fields[0]!, extracted: true }, invoice.fields[1]!],
      tables: [],
    });
    const rows = within(screen.getByRole('table', { name: 'Fields' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('AI')).toBeVisible();
    expect(within(rows[2]!).queryByText('AI')).not.toBeInTheDocument();
  });

  it('keeps other labels typed in "Also known as" and sends them as the field\'s and column\'s aliases', async () => {
    let latest: BuilderValue = { fields: [], tables: [] };
    function Recording() {
      const [value, setValue] = useState<BuilderValue>(latest);
      return (
        <FieldTableBuilder
          value={value}
          onChange={(next) => {
            latest = next;
            setValue(next);
          }}
        />
      );
    }
    render(<Recording />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Table' }));
    const fieldAliases = screen.getByRole('textbox', { name: 'Also known as (field 1)' });
    await userEvent.type(fieldAliases, 'Inv. No, Rechnungsnummer,  ');
    expect(fieldAliases).toHaveValue('Inv. No, Rechnungsnummer,  ');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Also known as (column 1 of table 1)' }),
      'Omschrijving',
    );

    const body = toCreateBody({ ...createEmptyDraft(), name: 'Invoices', ...latest });
    expect(body.fields?.[0]?.aliases).toEqual(['Inv. No', 'Rechnungsnummer']);
    expect(body.tables?.[0]?.columns[0]?.aliases).toEqual(['Omschrijving']);
  });
});
