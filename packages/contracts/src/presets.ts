import { z } from 'zod';

export const FieldType = z.enum(['string', 'number', 'date', 'currency', 'boolean']);
export type FieldType = z.infer<typeof FieldType>;
/** Table columns offer every field type but boolean. */
export const ColumnType = z.enum(['string', 'number', 'date', 'currency']);
export type ColumnType = z.infer<typeof ColumnType>;

export const KeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'Keys start with a lowercase letter and use only a-z, 0-9 and _');

export const FieldDefinitionSchema = z.object({
  id: z.string().optional(),
  key: KeySchema,
  label: z.string(),
  type: FieldType,
  required: z.boolean().default(false),
  /** Extra printed labels the engine also looks for ("Also known as" in the builder). */
  aliases: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'An alias cannot be empty')
        .max(100, 'An alias is at most 100 characters'),
    )
    .max(20, 'At most 20 aliases')
    .optional(),
  /** Set when Quick Setup suggested the field from an example document. */
  extracted: z.boolean().optional(),
});
export type FieldDefinition = z.input<typeof FieldDefinitionSchema>;

export const ColumnDefinitionSchema = z.object({
  id: z.string().optional(),
  key: KeySchema,
  label: z.string(),
  type: ColumnType,
  /** Extra printed labels the engine also looks for ("Also known as" in the builder). */
  aliases: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'An alias cannot be empty')
        .max(100, 'An alias is at most 100 characters'),
    )
    .max(20, 'At most 20 aliases')
    .optional(),
});
export type ColumnDefinition = z.input<typeof ColumnDefinitionSchema>;

export const TableDefinitionSchema = z.object({
  id: z.string().optional(),
  key: KeySchema,
  label: z.string(),
  columns: z.array(ColumnDefinitionSchema),
  extracted: z.boolean().optional(),
});
export type TableDefinition = z.input<typeof TableDefinitionSchema>;

export const PresetKey = z.enum(['invoice', 'receipt', 'handwritten_log']);
export type PresetKey = z.infer<typeof PresetKey>;

export interface Preset {
  key: PresetKey;
  name: string;
  description: string;
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

const field = (key: string, label: string, type: FieldType, required = false): FieldDefinition => ({
  key,
  label,
  type,
  required,
});
const column = (key: string, label: string, type: ColumnType): ColumnDefinition => ({
  key,
  label,
  type,
});

/** The built-in document type presets (spec section 3). */
export const PRESETS: Record<PresetKey, Preset> = {
  invoice: {
    key: 'invoice',
    name: 'Invoice',
    description: 'Supplier invoices with header fields and line items',
    fields: [
      field('invoice_number', 'Invoice Number', 'string', true),
      field('invoice_date', 'Invoice Date', 'date', true),
      field('vendor_name', 'Vendor Name', 'string'),
      field('bill_to', 'Bill To', 'string'),
      field('subtotal', 'Subtotal', 'currency'),
      field('tax', 'Tax', 'currency'),
      field('total', 'Total', 'currency', true),
      field('po_number', 'PO Number', 'string'),
      field('due_date', 'Due Date', 'date'),
    ],
    tables: [
      {
        key: 'line_items',
        label: 'Line Items',
        columns: [
          column('description', 'Description', 'string'),
          column('qty', 'Qty', 'number'),
          column('unit_price', 'Unit Price', 'currency'),
          column('amount', 'Amount', 'currency'),
        ],
      },
    ],
  },
  receipt: {
    key: 'receipt',
    name: 'Receipt',
    description: 'Till receipts with totals and purchased items',
    fields: [
      field('merchant', 'Merchant', 'string'),
      field('purchase_datetime', 'Purchase Date/Time', 'date'),
      field('subtotal', 'Subtotal', 'currency'),
      field('tax', 'Tax', 'currency'),
      field('total', 'Total', 'currency', true),
      field('payment_method', 'Payment Method', 'string'),
    ],
    tables: [
      {
        key: 'items',
        label: 'Items',
        columns: [
          column('name', 'Name', 'string'),
          column('qty', 'Qty', 'number'),
          column('price', 'Price', 'currency'),
        ],
      },
    ],
  },
  handwritten_log: {
    key: 'handwritten_log',
    name: 'Handwritten Log',
    description: 'Handwritten log sheets with dated entries',
    fields: [field('log_title', 'Log Title', 'string'), field('author', 'Author', 'string')],
    tables: [
      {
        key: 'entries',
        label: 'Entries',
        columns: [
          column('date', 'Date', 'date'),
          column('subject', 'Subject', 'string'),
          column('value', 'Value', 'string'),
          column('notes', 'Notes', 'string'),
        ],
      },
    ],
  },
};
