/**
 * A delivery note: sent with the goods by the supplier. The delivery date sits near the order's
 * date, the gross weight near the net weight, and the ordered quantities beside the delivered ones.
 */
import { LANGUAGE_PACKS, type Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import {
  DELIVERY_DATE,
  DESCRIPTION_COLUMN,
  GROSS_WEIGHT,
  ITEM_CODE,
  NET_WEIGHT,
  ORDER_DATE,
  ORDER_NUMBER,
  PACKAGES,
  SHIP_TO,
  UNIT_COLUMN,
} from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, letterhead, someDay } from './values.js';

const TITLE = words({
  en: 'DELIVERY NOTE|Delivery Note|Packing Slip',
  de: 'LIEFERSCHEIN|Lieferschein|Warenbegleitschein',
  fr: 'BON DE LIVRAISON|Bon de livraison|Bordereau de livraison',
  nl: 'PAKBON|Leverbon|Afleverbon',
  es: 'ALBARÁN|Albarán de entrega|Nota de entrega',
  it: 'DOCUMENTO DI TRASPORTO|DDT|Bolla di consegna',
  pt: 'GUIA DE REMESSA|Guia de transporte|Nota de entrega',
});

const NOTE_NUMBER = words({
  en: 'Delivery Note No.|Packing Slip #|Dispatch Note Number',
  de: 'Lieferschein-Nr.|Lieferscheinnummer|Belegnummer Lieferung',
  fr: 'N° BL|N° du bon de livraison|Bordereau n°',
  nl: 'Pakbonnummer|Pakbon nr.|Leverbonnummer',
  es: 'N.º de albarán|Albarán n.º|Número de albarán',
  it: 'DDT n.|Numero DDT|Documento di trasporto n.',
  pt: 'Guia n.º|N.º da guia|Número da guia de remessa',
});

const CARRIER = words({
  en: 'Carrier|Shipped Via|Forwarder',
  de: 'Spediteur|Versandart|Frachtführer',
  fr: 'Transporteur|Expédié via|Messagerie',
  nl: 'Vervoerder|Verzonden via|Expediteur',
  es: 'Transportista|Enviado por|Agencia de transporte',
  it: 'Vettore|Spedizione a mezzo|Corriere',
  pt: 'Transportador|Expedido por|Transportadora',
});

const SENDER = words({
  en: 'Sender|Shipped From',
  de: 'Absender|Absendeadresse',
  fr: 'Expéditeur|Expédié de',
  nl: 'Afzender|Verzonden door',
  es: 'Remitente|Expedidor',
  it: 'Mittente|Speditore',
  pt: 'Remetente|Origem da mercadoria',
});

const QTY_ORDERED = words({
  en: 'Qty Ordered|Ordered|Order Qty',
  de: 'Bestellmenge|Bestellt|Menge bestellt',
  fr: 'Qté commandée|Commandé|Quantité commandée',
  nl: 'Besteld|Aantal besteld|Bestelde hoeveelheid',
  es: 'Cant. pedida|Pedido|Cantidad pedida',
  it: 'Q.tà ordinata|Ordinato|Quantità ordinata',
  pt: 'Qtd. encomendada|Encomendado|Quantidade encomendada',
});

const QTY_DELIVERED = words({
  en: 'Qty Delivered|Delivered|Qty Shipped',
  de: 'Liefermenge|Geliefert|Menge geliefert',
  fr: 'Qté livrée|Livré|Quantité livrée',
  nl: 'Geleverd|Aantal geleverd|Geleverde hoeveelheid',
  es: 'Cant. servida|Entregado|Cantidad entregada',
  it: 'Q.tà consegnata|Consegnato|Quantità spedita',
  pt: 'Qtd. entregue|Entregue|Quantidade enviada',
});

const PIECES: Record<Language, string> = {
  en: 'pcs',
  de: 'Stk',
  fr: 'pce',
  nl: 'st',
  es: 'ud',
  it: 'pz',
  pt: 'un',
};

const CARRIERS = [
  'Nordwind Logistik',
  'TransEuropa Express',
  'Rapid Freight Lines',
  'Kestrel Couriers',
  'Iberia Transportes',
  'Velox Spedizioni',
  'Lusocargo',
  'Van Dijk Transport',
];

export const deliveryNote: KindDefinition = {
  id: 'delivery_note',
  compose(c) {
    const { random } = c;
    const supplier = company(c);
    const customer = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, supplier);
    if (random.chance(0.5)) c.party(null, SENDER, [supplier.name, ...supplier.address]);
    c.party(asked('ship_to: Ship to|consignee: Consignee|recipient: Recipient'), SHIP_TO, [
      customer.name,
      ...customer.address,
    ]);
    const ordered = someDay(random);
    const net = random.int(20, 2400);
    const gross = net + random.int(5, 180);
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'delivery_note_number: Delivery note number|dn_number: DN number|note_no: Note no.',
          ),
          NOTE_NUMBER,
          'string',
          code(random, random.pick(['LS-######', '80######', 'DN####/##'])),
        ),
      () =>
        c.field(
          asked(
            'delivery_date: Delivery date|date_delivered: Date delivered|shipping_date: Shipping date',
          ),
          DELIVERY_DATE,
          'date',
          addDays(ordered, random.int(2, 30)),
        ),
      () =>
        c.field(
          asked(
            'order_number: Order number|po_reference: PO reference|customer_order: Customer order',
          ),
          ORDER_NUMBER,
          'string',
          code(random, random.pick(['PO-####-####', '45########'])),
        ),
      () => c.decoy(ORDER_DATE, 'date', ordered),
      () =>
        c.field(
          asked('carrier: Carrier|transport_company: Transport company|shipped_by: Shipped by'),
          CARRIER,
          'string',
          random.pick(CARRIERS),
        ),
      () =>
        c.field(
          asked(
            'packages: Packages|number_of_packages: Number of packages|parcel_count: Parcel count',
          ),
          PACKAGES,
          'number',
          random.int(1, 24),
        ),
      () =>
        c.field(
          asked(
            'gross_weight: Gross weight|weight_kg: Weight (kg)|total_weight: Total weight',
            'Gross weight in kilograms',
          ),
          GROSS_WEIGHT,
          'number',
          gross,
          { unit: 'kg' },
        ),
      () => c.decoy(NET_WEIGHT, 'number', net, { unit: 'kg' }),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('received_by: Received by|signed_by: Signed by'), 'string');

    const products = random.shuffle(
      LANGUAGE_PACKS[c.language].products.filter((p) => p.unit === 'piece'),
    );
    const rows = products.slice(0, random.int(2, 8)).map((product) => {
      const orderedQty = random.int(1, 60);
      const delivered = random.chance(0.25) ? random.int(0, orderedQty - 1) : orderedQty;
      return [
        code(random, random.pick(['A-#####', '###-####'])),
        product.name,
        orderedQty,
        delivered,
        PIECES[c.language],
      ];
    });
    c.addTable({
      asked: asked('items: Items|delivered_items: Delivered items|lines: Lines'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('article_no: Article no.|item_code: Item code|part_number: Part number'),
          header: ITEM_CODE,
          type: 'string',
          weight: 1.3,
        },
        {
          asked: asked('description: Description|product: Product|goods: Goods'),
          header: DESCRIPTION_COLUMN,
          type: 'string',
          weight: 3.6,
        },
        { header: QTY_ORDERED, type: 'number', weight: 1 },
        {
          asked: asked(
            'quantity_delivered: Quantity delivered|delivered_qty: Delivered qty|qty_shipped: Qty shipped',
          ),
          header: QTY_DELIVERED,
          type: 'number',
          weight: 1,
        },
        { header: UNIT_COLUMN, type: 'string', weight: 0.6 },
      ],
      rows: rows.map((values) => ({ kind: 'item', values })),
    });
  },
};
