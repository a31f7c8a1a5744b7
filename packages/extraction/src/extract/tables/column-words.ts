/** The words table headers print for common columns, in the engine's languages. */
import type { ColumnDefinition } from '@parser/contracts';
import { compact } from '../layout.js';

export const COLUMN_SYNONYMS: { keys: string[]; labels: string[] }[] = [
  {
    keys: [
      'description',
      'name',
      'item',
      'items',
      'product',
      'itemname',
      'productname',
      'particulars',
      'details',
      'service',
      'article',
      'itemdescription',
    ],
    labels: [
      'Description',
      'Item',
      'Items',
      'Item Description',
      'Product',
      'Product Name',
      'Name',
      'Particulars',
      'Details',
      'Article',
      'Service',
      'Omschrijving',
      'Désignation',
      'Designation',
      'Artikel',
      'Product Description',
      'Item Name',
      'Desc',
      'Code/Desc',
      'Title',
      'Beschreibung',
      'Bezeichnung',
      'Leistung',
      'Artikelbezeichnung',
      'Descripción',
      'Concepto',
      'Descrizione',
      'Descrição',
      'Produit',
      'Libellé',
      'Libelle',
      'Designação',
      'Designazione',
      'Articolo',
      'Artículo',
      'Leistungsbeschreibung',
      'Omschrijving artikel',
    ],
  },
  {
    keys: ['qty', 'quantity', 'units', 'count', 'hours', 'pcs'],
    labels: [
      'Qty',
      'Quantity',
      'Qnty',
      'Qty.',
      'Units',
      'Pcs',
      'Aantal',
      'Qté',
      'Quantité',
      'Menge',
      'Hours',
      'Hrs',
      'No. of units',
      'Count',
      'Anzahl',
      'Stück',
      'Cantidad',
      'Cant.',
      'Quantità',
      'Q.tà',
      'Quantidade',
      'Qtd',
      'Qta',
      'Qtà',
      'Quant.',
      'Uds.',
      'Unidades',
      'Anz.',
      'Aantal st.',
    ],
  },
  {
    keys: ['unitprice', 'price', 'rate', 'unitcost', 'priceunit', 'priceperunit', 'uprice', 'each'],
    labels: [
      'Unit Price',
      'Price',
      'Rate',
      'Unit Cost',
      'U/Price',
      'U.Price',
      'Price/Unit',
      'Unit price',
      'Each',
      'Prijs',
      'Stukprijs',
      'Prix unitaire',
      'Prix',
      'Einzelpreis',
      'Preis',
      'Unit Rate',
      'Stückpreis',
      'E-Preis',
      'Precio',
      'Precio unitario',
      'Prezzo',
      'Prezzo unitario',
      'Preço',
      'Preço unitário',
      'P.U.',
      'P.U. HT',
      'P. unit.',
      'Prix unit.',
      'Prix unit. HT',
      'Preis/Einheit',
      'Preis pro Einheit',
      'Prezzo unit.',
      'Precio unit.',
      'Preço unit.',
      'Eenheidsprijs',
      'Prijs per eenheid',
      'Prijs/stuk',
    ],
  },
  {
    keys: [
      'amount',
      'total',
      'linetotal',
      'amt',
      'netamount',
      'value',
      'subtotal',
      'pricesubtotal',
      'lineamount',
      'totalprice',
    ],
    labels: [
      'Amount',
      'Total',
      'Line Total',
      'Amt',
      'Net Amount',
      'Value',
      'Total Price',
      'Bedrag',
      'Totaal',
      'Montant',
      'Betrag',
      'Subtotal',
      'Amount (RM)',
      'Total (RM)',
      'Gesamt',
      'Gesamtpreis',
      'Importe',
      'Importo',
      'Totale',
      'Valor',
      'Montant HT',
      'Total HT',
      'Imponibile',
      'Valor total',
      'Bedrag excl. btw',
      'Netto',
    ],
  },
  { keys: ['date', 'entrydate', 'day'], labels: ['Date', 'Day', 'Datum'] },
  {
    keys: ['tax', 'vat', 'gst', 'taxrate', 'vatrate', 'linetaxpercent'],
    labels: ['Tax', 'VAT', 'GST', 'Tax %', 'VAT %', 'BTW', 'TVA', 'Tax Rate'],
  },
  {
    keys: ['code', 'sku', 'itemno', 'itemcode', 'articleno', 'partno', 'productcode'],
    labels: ['Code', 'SKU', 'Item No', 'Item Code', 'Art No', 'Part No', 'Product Code', 'Item #'],
  },
  { keys: ['subject', 'activity'], labels: ['Subject', 'Activity', 'Topic'] },
  {
    keys: ['notes', 'note', 'remarks', 'comment', 'comments'],
    labels: ['Notes', 'Note', 'Remarks', 'Comments', 'Comment'],
  },
  { keys: ['discount', 'disc'], labels: ['Discount', 'Disc'] },
];

/** Header phrases (compact) for a column: its label, its key and the synonyms of what it means. */
export function columnPhrases(col: Pick<ColumnDefinition, 'key' | 'label' | 'aliases'>): string[] {
  const k = compact(col.key);
  const l = compact(col.label);
  const out = new Set<string>([l, k, ...(col.aliases ?? []).map(compact)].filter(Boolean));
  for (const s of COLUMN_SYNONYMS) {
    if (s.keys.includes(k) || s.keys.includes(l) || s.labels.some((x) => compact(x) === l)) {
      for (const x of s.labels) out.add(compact(x));
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export const ALL_COLUMN_PHRASES: string[] = [
  ...new Set(COLUMN_SYNONYMS.flatMap((s) => s.labels.map(compact))),
];

/** The part of an item line a column holds. */
export type ItemRole = 'description' | 'qty' | 'unit_price' | 'amount';

/** Which item part a column holds, from its key and label and the header words of each part. */
export function itemRoleOf(col: Pick<ColumnDefinition, 'key' | 'label'>): ItemRole | null {
  const names = [compact(col.key), compact(col.label)];
  const roles: ItemRole[] = ['description', 'qty', 'unit_price', 'amount'];
  for (const [i, role] of roles.entries()) {
    const s = COLUMN_SYNONYMS[i];
    if (s && names.some((n) => s.keys.includes(n) || SYNONYM_LABELS[i]?.has(n))) return role;
  }
  return null;
}

/** Each item part's header words as compared, worked out once (every column of every table asks). */
const SYNONYM_LABELS = COLUMN_SYNONYMS.map((s) => new Set(s.labels.map(compact)));
