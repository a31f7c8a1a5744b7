/**
 * A purchase order: sent by the buyer to its supplier. Both are printed as labelled blocks (and
 * the buyer again as the letterhead), beside a delivery address; the order date sits near the
 * requested delivery date and a quotation's date and number.
 */
import { LANGUAGE_PACKS } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import {
  AMOUNT_COLUMN,
  DESCRIPTION_COLUMN,
  ITEM_CODE,
  NET_TOTAL,
  ORDER_DATE,
  ORDER_NUMBER,
  QUANTITY_COLUMN,
  SHIP_TO,
  SUPPLIER,
  UNIT_PRICE_COLUMN,
} from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, cents, code, company, letterhead, money, someDay } from './values.js';

const TITLE = words({
  en: 'PURCHASE ORDER|Purchase Order|Order',
  de: 'BESTELLUNG|Bestellung|Bestellauftrag',
  fr: "BON DE COMMANDE|Commande|Ordre d'achat",
  nl: 'INKOOPORDER|Bestelling|Inkoopopdracht',
  es: 'ORDEN DE COMPRA|Pedido|Hoja de pedido',
  it: "ORDINE D'ACQUISTO|Ordine|Ordine fornitore",
  pt: 'NOTA DE ENCOMENDA|Encomenda|Ordem de compra',
});

const BUYER = words({
  en: 'Buyer|Purchaser|Ordered By',
  de: 'Besteller|Käufer|Bestellende Firma',
  fr: "Acheteur|Donneur d'ordre|Commandé par",
  nl: 'Koper|Besteller|Bestellende partij',
  es: 'Comprador|Solicitante|Pedido por',
  it: 'Acquirente|Committente|Ordinato da',
  pt: 'Comprador|Adquirente|Encomendado por',
});

const REQUIRED_BY = words({
  en: 'Required By|Requested Delivery|Deliver No Later Than',
  de: 'Liefertermin|Gewünschter Liefertermin|Anlieferung bis spätestens',
  fr: 'Livraison souhaitée|Délai de livraison|Livrer au plus tard le',
  nl: 'Gewenste leverdatum|Leveren voor|Uiterste leverdatum',
  es: 'Entrega solicitada|Plazo de entrega|Entregar a más tardar el',
  it: 'Consegna richiesta|Termine di consegna|Consegnare entro il',
  pt: 'Entrega pretendida|Prazo de entrega|Entregar até ao dia',
});

const QUOTE_NUMBER = words({
  en: 'Quotation No.|Your Quote Ref.',
  de: 'Angebotsnummer|Ihr Angebot Nr.',
  fr: 'N° de devis|Votre devis réf.',
  nl: 'Offertenummer|Uw offerte nr.',
  es: 'N.º de presupuesto|Su presupuesto ref.',
  it: 'N. preventivo|Vostra offerta n.',
  pt: 'N.º do orçamento|Vossa proposta n.º',
});

const QUOTE_DATE = words({
  en: 'Quotation Date|Quote Dated',
  de: 'Angebotsdatum|Angebot vom',
  fr: 'Date du devis|Devis du',
  nl: 'Offertedatum|Offerte van',
  es: 'Fecha del presupuesto|Presupuesto del',
  it: 'Data preventivo|Offerta del',
  pt: 'Data do orçamento|Proposta de',
});

const ORDER_TOTAL = words({
  en: 'Order Total|Total Order Value|Total Payable',
  de: 'Bestellwert|Gesamtbetrag der Bestellung|Gesamtwert brutto',
  fr: 'Total commande|Total TTC|Montant total de la commande',
  nl: 'Totaal order|Totaal incl. btw|Totale orderwaarde',
  es: 'Total pedido|Total con IVA|Importe total del pedido',
  it: 'Totale ordine|Totale IVA inclusa|Importo complessivo ordine',
  pt: 'Total da encomenda|Total com IVA|Montante total da encomenda',
});

export const purchaseOrder: KindDefinition = {
  id: 'purchase_order',
  compose(c) {
    const { random } = c;
    const buyer = company(c);
    const supplier = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, buyer);
    const ordered = someDay(random);
    c.party(asked('supplier: Supplier|vendor: Vendor|supplier_name: Supplier name'), SUPPLIER, [
      supplier.name,
      ...supplier.address,
    ]);
    c.party(
      asked('buyer: Buyer|buyer_name: Buying company|ordering_company: Ordering company'),
      BUYER,
      [buyer.name, ...buyer.address],
    );
    if (random.chance(0.6)) c.party(null, SHIP_TO, [buyer.name, ...company(c).address]);

    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'po_number: PO number|order_number: Order number|purchase_order_no: Purchase order no.',
          ),
          ORDER_NUMBER,
          'string',
          code(random, random.pick(['PO-####-####', '45########', 'BE######', 'ORD/####/###'])),
        ),
      () =>
        c.field(
          asked(
            'order_date: Order date|po_date: PO date|date_ordered: Date ordered',
            'Date the order was placed',
          ),
          ORDER_DATE,
          'date',
          ordered,
        ),
      () =>
        c.field(
          asked(
            'delivery_date: Delivery date|required_delivery: Required delivery|deliver_by: Deliver by',
          ),
          REQUIRED_BY,
          'date',
          addDays(ordered, random.int(5, 40)),
        ),
      () => c.decoy(QUOTE_NUMBER, 'string', code(random, 'Q-####-###')),
      () => c.decoy(QUOTE_DATE, 'date', addDays(ordered, -random.int(3, 30))),
    ];
    for (const add of random.shuffle(fields)) add();

    const products = random.shuffle(LANGUAGE_PACKS[c.language].products).slice(0, random.int(2, 8));
    const lines = products.map((product) => {
      const quantity = product.unit === 'service' ? 1 : random.int(1, 40);
      const price = money(random, 2, product.unit === 'hour' ? 140 : 480);
      return [
        code(random, random.pick(['A-#####', '###-####', 'AA####'])),
        product.name,
        quantity,
        price,
        cents(quantity * price),
      ];
    });
    const net = cents(lines.reduce((sum, line) => sum + Number(line[4]), 0));
    const rate = c.country.taxRates[0] ?? 0.2;
    const tax = cents(net * rate);
    c.decoy(NET_TOTAL, 'currency', net, { place: 'totals' });
    c.totals.push({
      label: `${c.country.taxName} ${Math.round(rate * 100)}%`,
      value: c.print('currency', tax),
    });
    c.field(
      asked(
        'order_total: Order total|total_amount: Total amount|po_value: PO value',
        'Total including tax',
      ),
      ORDER_TOTAL,
      'currency',
      cents(net + tax),
      { place: 'totals' },
    );
    if (random.chance(0.3))
      c.absent(asked('incoterms: Incoterms|delivery_terms: Delivery terms'), 'string');
    c.addTable({
      asked: asked('line_items: Line items|order_lines: Order lines|items: Items'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('item_code: Item code|sku: SKU|article_number: Article number'),
          header: ITEM_CODE,
          type: 'string',
          weight: 1.3,
        },
        {
          asked: asked('description: Description|product: Product|item: Item'),
          header: DESCRIPTION_COLUMN,
          type: 'string',
          weight: 3.6,
        },
        {
          asked: asked('quantity: Quantity|qty: Qty|units: Units'),
          header: QUANTITY_COLUMN,
          type: 'number',
          weight: 0.8,
        },
        {
          asked: asked('unit_price: Unit price|price: Price|price_each: Price each'),
          header: UNIT_PRICE_COLUMN,
          type: 'currency',
          weight: 1.2,
        },
        {
          asked: asked('amount: Amount|line_total: Line total|net_amount: Net amount'),
          header: AMOUNT_COLUMN,
          type: 'currency',
          weight: 1.2,
        },
      ],
      rows: lines.map((values) => ({ kind: 'item', values })),
    });
  },
};
