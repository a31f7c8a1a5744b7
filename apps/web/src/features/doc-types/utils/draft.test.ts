import { PRESETS } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { invoiceDocType, suggestionFixture } from '../test/fixtures';
import { applyPreset, applySuggestion, createEmptyDraft, draftFromDocType } from './draft';
import { toCreateBody, toUpdateBody } from './draft-body';
import { builderErrors, labelToKey, moveItem, newField, withKey, withLabel } from './draft-items';
import { canOpenStep, isStepValid, wizardSteps } from './wizard-steps';

describe('labelToKey', () => {
  it.each([
    ['Invoice Number', 'invoice_number'],
    ['  PO #  ', 'po'],
    ['Purchase Date/Time', 'purchase_date_time'],
    ['Montant TTC (€)', 'montant_ttc'],
    ['Café Crème', 'cafe_creme'],
    ['1st Item', 'field_1st_item'],
    ['', ''],
  ])('turns %j into %j', (label, key) => {
    expect(labelToKey(label, 'field')).toBe(key);
  });

  it('keeps derived keys within the 64-character limit', () => {
    expect(labelToKey('Very long label '.repeat(10), 'field').length).toBeLessThanOrEqual(64);
  });
});

describe('key derivation', () => {
  it('follows the label until the key is typed by hand', () => {
    const field = newField([], []);
    const relabelled = withLabel(field, 'Amount Due', 'field');
    expect(relabelled.key).toBe('amount_due');
    const typed = withKey(relabelled, 'due');
    expect(withLabel(typed, 'Total Due', 'field').key).toBe('due');
  });

  it("locks a saved type's keys: stored documents use them", () => {
    const draft = draftFromDocType(invoiceDocType());
    expect(draft.fields.every((field) => field.keyLocked)).toBe(true);
    expect(withLabel(draft.fields[0]!, 'Number', 'field').key).toBe('invoice_number');
  });

  it('lets preset keys follow their label only when they are its snake_case', () => {
    const receipt = applyPreset(createEmptyDraft(), 'receipt');
    const byKey = Object.fromEntries(receipt.fields.map((field) => [field.key, field]));
    expect(byKey.merchant?.keyLocked).toBe(false);
    expect(byKey.purchase_datetime?.keyLocked).toBe(true);
  });
});

describe('newField', () => {
  it('numbers after the existing fields and skips keys already taken', () => {
    const first = newField([], ['field_1']);
    expect(first).toMatchObject({ key: 'field_2', label: 'Field 2', type: 'string' });
  });
});

describe('builderErrors', () => {
  it('reports pattern, empty, duplicate and field/table collisions, and tables without columns', () => {
    const draft = applyPreset(createEmptyDraft(), 'invoice');
    const [first, second, third] = draft.fields;
    const table = draft.tables[0]!;
    const errors = builderErrors({
      fields: [withKey(first!, 'Invoice No'), withKey(second!, ''), withKey(third!, 'total')],
      tables: [
        { ...withKey(table, 'total'), columns: [] },
        {
          ...table,
          id: 'other',
          key: 'line_items_2',
          columns: [...table.columns, table.columns[0]!],
        },
      ],
    });
    expect(errors[`${first!.id}:key`]).toMatch(/lowercase letter/);
    expect(errors[`${second!.id}:key`]).toBe('Key is required');
    // The field 'total' further down the list collides with this table's key.
    expect(errors[`${table.id}:key`]).toBe('Key "total" is already used in this document type');
    expect(errors[`${table.id}:columns`]).toBe('Add at least one column');
    expect(errors[`${table.columns[0]!.id}:key`]).toBe(
      'Key "description" is already used in this table',
    );
  });
});

describe('applyPreset', () => {
  it('replaces name, description, fields and tables; Custom empties fields and tables only', () => {
    const invoice = applyPreset({ ...createEmptyDraft(), name: 'Mine' }, 'invoice');
    expect(invoice.name).toBe('Invoice');
    expect(invoice.description).toBe(PRESETS.invoice.description);
    expect(invoice.fields).toHaveLength(9);
    expect(invoice.tables.map((table) => table.key)).toEqual(['line_items']);

    const custom = applyPreset(invoice, null);
    expect(custom).toMatchObject({ presetKey: null, fields: [], tables: [], name: 'Invoice' });
  });
});

describe('applySuggestion', () => {
  it('marks every suggestion as AI extracted and rebuilds keys the pattern rejects', () => {
    const draft = applySuggestion(
      createEmptyDraft(),
      suggestionFixture({
        fields: { 'Invoice-No': { label: 'Invoice No', type: 'string', value: 'A-1' } },
        tables: {
          lines: { label: 'Lines', columns: { Qty: { label: 'Qty', type: 'number' } } },
        },
      }),
    );
    expect(draft.fields[0]).toMatchObject({ key: 'invoice_no', extracted: true, example: 'A-1' });
    expect(draft.tables[0]).toMatchObject({ key: 'lines', extracted: true });
    expect(draft.tables[0]?.columns[0]?.key).toBe('qty');
  });
});

describe('request bodies', () => {
  it('never sends description or presetKey on update', () => {
    const draft = draftFromDocType(invoiceDocType({ description: 'Original' }));
    const body = toUpdateBody({ ...draft, description: 'Changed' });
    expect(body).not.toHaveProperty('description');
    expect(body).not.toHaveProperty('presetKey');
    expect(body.fields?.[0]).toMatchObject({ key: 'invoice_number', required: true });
  });

  it('sends preset and trimmed name and description on create', () => {
    const draft = applyPreset(createEmptyDraft(), 'receipt');
    expect(
      toCreateBody({ ...draft, name: '  Till receipts ', description: ' Shop ' }),
    ).toMatchObject({
      name: 'Till receipts',
      description: 'Shop',
      presetKey: 'receipt',
      agentsEnabled: { extract: true, data_entry: true, recon: true },
    });
    expect(toCreateBody(createEmptyDraft()).presetKey).toBe('');
  });
});

describe('wizard steps', () => {
  it('drops Quick Setup for preset types and names the five edit steps', () => {
    expect(wizardSteps('create', null).map((step) => step.label)).toContain('Quick Setup');
    expect(wizardSteps('create', 'invoice').map((step) => step.label)).not.toContain('Quick Setup');
    expect(wizardSteps('edit', 'invoice').map((step) => step.label)).toEqual([
      'Name',
      'Fields & Tables',
      'Agents',
      'Export Settings',
      'Save Changes',
    ]);
  });

  it('opens earlier steps, and later ones only when every step up to them is valid', () => {
    const steps = wizardSteps('create', null);
    const named = { ...createEmptyDraft(), name: 'Receipts' };
    const regions = steps.findIndex((step) => step.id === 'regions');
    // Quick Setup has no example yet, so Regions cannot be reached by its header.
    expect(canOpenStep(steps, regions, 0, named)).toBe(false);
    expect(canOpenStep(steps, 0, regions, createEmptyDraft())).toBe(true);
    const withExample = {
      ...applyPreset(named, 'invoice'),
      presetKey: null,
      exampleFile: { fileId: 'f', fileName: 'a.pdf' },
    };
    expect(canOpenStep(steps, regions, 0, withExample)).toBe(true);
  });

  it('blocks the fields step on an invalid key', () => {
    const draft = applyPreset(createEmptyDraft(), 'invoice');
    expect(isStepValid('regions', draft)).toBe(true);
    const broken = { ...draft, fields: [withKey(draft.fields[0]!, 'Invoice Number')] };
    expect(isStepValid('regions', broken)).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves within bounds and ignores moves past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
