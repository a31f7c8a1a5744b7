/**
 * What a till receipt says in each language: the labels shops print (several per field, since
 * tills differ), short month names and the goods sold. Malay stands beside the invoice corpus's
 * languages because Malaysian receipts, often half English, are the common public receipt set.
 */
import type { Language } from '../corpus/languages.js';

export type ReceiptLanguage = Language | 'ms';

export interface ReceiptLabels {
  receiptNumber: string[];
  cashier: string[];
  table: string[];
  date: string[];
  /** Column headings: quantity, item, unit price, amount. */
  qty: string[];
  item: string[];
  price: string[];
  amount: string[];
  subtotal: string[];
  total: string[];
  /** A tax added on top: the tax name and rate are filled in, e.g. "SST 6%". */
  taxAdded: ((name: string, rate: string) => string)[];
  /** A tax already in the prices, e.g. "GST included 6%". */
  taxIncluded: ((name: string, rate: string) => string)[];
  service: string[];
  discount: string[];
  rounding: string[];
  cash: string[];
  card: string[];
  change: string[];
  thanks: string[];
  items: string[];
}

export interface Goods {
  /** Printed as the item's description. */
  name: string;
  /** Cheapest and dearest unit price in cents. */
  price: [number, number];
  /** Sold by weight: the quantity is kilograms with three decimals. */
  weighed?: boolean;
}

/** What a shop sells: prepared food and drinks, groceries and household goods, hardware, office supplies. */
export type Trade = 'food' | 'shop' | 'hardware' | 'office';

export interface ReceiptWords {
  labels: ReceiptLabels;
  /** Three-letter month names as tills print them in "05 Mar 2024". */
  months: string[];
  goods: Record<Trade, Goods[]>;
}

const item = (name: string, low: number, high: number, weighed = false): Goods => ({
  name,
  price: [low, high],
  ...(weighed ? { weighed } : {}),
});

const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const en: ReceiptWords = {
  labels: {
    receiptNumber: ['Receipt #', 'Receipt No', 'Bill No', 'Inv No', 'Invoice No:', 'Trans #'],
    cashier: ['Cashier', 'Served by', 'Operator', 'Staff'],
    table: ['Table', 'Tbl'],
    date: ['Date', 'Date/Time', 'Date:'],
    qty: ['QTY', 'Qty'],
    item: ['ITEM', 'Description', 'DESC'],
    price: ['PRICE', 'U/Price', 'Price'],
    amount: ['AMOUNT', 'AMT', 'Total'],
    subtotal: ['SUBTOTAL', 'Sub Total', 'Sub-Total'],
    total: ['TOTAL', 'Total Amount', 'GRAND TOTAL', 'Total', 'TOTAL DUE'],
    taxAdded: [(n, r) => `${n} ${r}`, (n, r) => `${n} @ ${r}`, (n, r) => `${n} (${r})`],
    taxIncluded: [
      (n, r) => `${n} included ${r}`,
      (n, r) => `Incl. ${n} ${r}`,
      (n, r) => `${n} ${r} (incl.)`,
    ],
    service: ['Service Charge', 'Svc Chg', 'Service'],
    discount: ['Discount', 'Disc', 'Member Discount'],
    rounding: ['Rounding Adj', 'Rounding', 'Rounding Adjustment'],
    cash: ['CASH', 'Cash', 'Cash Tendered', 'Tendered'],
    card: ['CARD', 'VISA', 'Debit Card', 'Credit Card', 'MASTERCARD'],
    change: ['CHANGE', 'Change', 'Change Due'],
    thanks: [
      'THANK YOU',
      'Thank you, please come again',
      'THANK YOU! PLEASE COME AGAIN',
      'Goods sold are not returnable',
    ],
    items: ['Items', 'No. of items', 'Item count'],
  },
  months: EN_MONTHS,
  goods: {
    food: [
      item('FLAT WHITE', 280, 420),
      item('CAPPUCCINO', 280, 450),
      item('Chicken Caesar Salad', 850, 1450),
      item('Fish and Chips', 950, 1650),
      item('Club Sandwich', 650, 1150),
      item('Chocolate Muffin', 195, 350),
      item('SOURDOUGH LOAF', 250, 450),
      item('Sparkling Water 500ml', 89, 199),
      item('Orange Juice 1L', 150, 349),
    ],
    shop: [
      item('WHOLE MILK 2L', 129, 259),
      item('BANANAS LOOSE', 99, 249, true),
      item('FREE RANGE EGGS 12', 299, 499),
      item('CHEDDAR MATURE 400G', 300, 550),
      item('Tomatoes Vine', 199, 449, true),
      item('Dish Soap 500ml', 99, 299),
      item('Paper Towels 2 Roll', 199, 399),
      item('Orange Juice 1L', 150, 349),
    ],
    hardware: [
      item('Screws 4x40 Box 100', 350, 799),
      item('LED Bulb E27 9W', 299, 699),
      item('Masking Tape 24mm', 149, 399),
      item('AA BATTERIES 4PK', 399, 899),
      item('Wall Plugs 6mm 50PK', 199, 449),
      item('Sandpaper P120 5 Sheets', 249, 499),
    ],
    office: [
      item('A4 COPY PAPER 500SH', 450, 899),
      item('BALLPOINT PEN BLUE', 60, 199),
      item('Masking Tape 24mm', 149, 399),
      item('Spiral Notebook A5', 199, 449),
      item('Highlighter Set 4', 299, 599),
      item('AA BATTERIES 4PK', 399, 899),
    ],
  },
};

const ms: ReceiptWords = {
  labels: {
    receiptNumber: ['No. Resit', 'No Resit', 'No. Bil', 'Bill No', 'Inv No', 'Resit #'],
    cashier: ['Juruwang', 'Cashier', 'Kasyer'],
    table: ['Meja', 'Table'],
    date: ['Tarikh', 'Date', 'Tarikh:'],
    qty: ['KTT', 'Qty', 'BIL'],
    item: ['PERKARA', 'BARANG', 'ITEM'],
    price: ['HARGA', 'H/UNIT', 'Price'],
    amount: ['AMAUN', 'RM', 'AMT'],
    subtotal: ['Jumlah Kecil', 'SUB TOTAL', 'Sub Total'],
    total: ['Jumlah', 'JUMLAH BESAR', 'Jumlah Perlu Dibayar', 'TOTAL', 'Total Amount'],
    taxAdded: [(n, r) => `${n} ${r}`, (n, r) => `${n} @${r}`, (n, r) => `Cukai ${n} ${r}`],
    taxIncluded: [
      (n, r) => `${n} included ${r}`,
      (n, r) => `Termasuk ${n} ${r}`,
      (n, r) => `Harga termasuk ${n} ${r}`,
    ],
    service: ['Caj Perkhidmatan', 'Service Chg', 'Caj Servis'],
    discount: ['Diskaun', 'Potongan', 'Disc'],
    rounding: ['Rounding Adj', 'Pelarasan Bundar', 'Pembundaran'],
    cash: ['Tunai', 'TUNAI', 'CASH', 'Bayaran Tunai'],
    card: ['Kad', 'KAD DEBIT', 'Kad Kredit', 'CARD'],
    change: ['Baki', 'BAKI', 'Wang Baki', 'CHANGE'],
    thanks: [
      'TERIMA KASIH',
      'Terima kasih, sila datang lagi',
      'TERIMA KASIH & SILA DATANG LAGI',
      'Barang yang dibeli tidak boleh ditukar',
    ],
    items: ['Bil. Barang', 'Jumlah Item', 'Items'],
  },
  months: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
  goods: {
    food: [
      item('NASI LEMAK AYAM', 550, 1200),
      item('ROTI CANAI', 120, 250),
      item('TEH TARIK', 180, 350),
      item('KOPI O AIS', 180, 330),
      item('MILO AIS', 250, 450),
      item('MEE GORENG MAMAK', 600, 1100),
      item('NASI GORENG KAMPUNG', 700, 1300),
      item('AIR SIRAP LIMAU', 200, 380),
    ],
    shop: [
      item('BERAS WANGI 5KG', 1890, 3290),
      item('GULA PASIR 1KG', 270, 320),
      item('MINYAK MASAK 2KG', 1050, 1490),
      item('TELUR AYAM GRED A 10S', 450, 699),
      item('ROTI PUTIH 400G', 280, 450),
      item('SUSU PEKAT MANIS', 330, 520),
      item('SAYUR SAWI', 300, 690, true),
      item('IKAN KEMBUNG', 1200, 1890, true),
      item('SABUN BASUH 2KG', 1290, 2190),
      item('TISU MUKA 4 KOTAK', 790, 1290),
    ],
    hardware: [
      item('PAKU 2 INCI 1KG', 450, 900),
      item('CAT DINDING PUTIH 1L', 1890, 3590),
      item('PITA PELEKAT', 150, 390),
      item('MENTOL LED 9W', 450, 990),
      item('SKRU KAYU 100PCS', 390, 790),
    ],
    office: [
      item('KERTAS A4 80GSM', 1090, 1890),
      item('PEN BIRU 0.5MM', 90, 250),
      item('BUKU LATIHAN 80MS', 150, 350),
      item('PEMBARIS 30CM', 100, 250),
      item('FAIL KERTAS A4', 120, 300),
    ],
  },
};

const de: ReceiptWords = {
  labels: {
    receiptNumber: ['Bon-Nr.', 'Beleg-Nr.', 'Bon', 'Beleg'],
    cashier: ['Kasse', 'Bediener', 'Es bediente Sie'],
    table: ['Tisch'],
    date: ['Datum', 'Datum:'],
    qty: ['Menge', 'Anz.'],
    item: ['Artikel', 'Bezeichnung'],
    price: ['Preis', 'EP'],
    amount: ['Betrag', 'EUR'],
    subtotal: ['Zwischensumme', 'ZWISCHENSUMME'],
    total: ['SUMME', 'Summe', 'Gesamt', 'Zu zahlen', 'GESAMTBETRAG'],
    taxAdded: [(n, r) => `${n} ${r}`, (n, r) => `zzgl. ${n} ${r}`],
    taxIncluded: [
      (n, r) => `inkl. ${n} ${r}`,
      (n, r) => `enth. ${n} ${r}`,
      (n, r) => `darin ${n} ${r}`,
    ],
    service: ['Bedienung', 'Service'],
    discount: ['Rabatt', 'Nachlass'],
    rounding: ['Rundung'],
    cash: ['Bar', 'BAR', 'Gegeben'],
    card: ['Karte', 'EC-Karte', 'Girocard', 'Kartenzahlung'],
    change: ['Rückgeld', 'Zurück', 'RÜCKGELD'],
    thanks: ['Vielen Dank für Ihren Einkauf', 'Danke und auf Wiedersehen', 'Bis zum nächsten Mal'],
    items: ['Anzahl Artikel', 'Posten'],
  },
  months: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
  goods: {
    food: [
      item('Brezel', 65, 129),
      item('Milchkaffee', 290, 420),
      item('Currywurst Pommes', 650, 990),
      item('Apfelschorle 0,5L', 250, 390),
      item('Roggenbrot 750g', 229, 419),
      item('Käsebrötchen', 180, 320),
    ],
    shop: [
      item('Vollmilch 1L', 99, 169),
      item('Äpfel Elstar', 199, 349, true),
      item('Bergkäse', 1490, 2890, true),
      item('Mineralwasser 1,5L', 29, 99),
      item('Butter 250g', 169, 299),
      item('Spülmittel 500ml', 89, 249),
    ],
    hardware: [
      item('Schrauben 4x40 100 St.', 349, 699),
      item('Batterien AA 4er', 349, 799),
      item('Dübel 6mm 50 St.', 199, 449),
      item('LED-Lampe E27', 299, 699),
    ],
    office: [
      item('Kopierpapier A4', 399, 799),
      item('Kugelschreiber blau', 99, 249),
      item('Collegeblock A4', 199, 399),
      item('Textmarker 4er', 299, 599),
    ],
  },
};

const fr: ReceiptWords = {
  labels: {
    receiptNumber: ['Ticket n°', 'N° ticket', 'Ticket', 'Facture n°'],
    cashier: ['Caissier', 'Vendeur', 'Caisse'],
    table: ['Table'],
    date: ['Date', 'Le'],
    qty: ['Qté', 'QTE'],
    item: ['Article', 'Désignation'],
    price: ['P.U.', 'Prix'],
    amount: ['Montant', 'EUR'],
    subtotal: ['Sous-total', 'SOUS-TOTAL'],
    total: ['TOTAL', 'Total TTC', 'À payer', 'TOTAL TTC'],
    taxAdded: [(n, r) => `${n} ${r}`],
    taxIncluded: [(n, r) => `dont ${n} ${r}`, (n, r) => `${n} incluse ${r}`],
    service: ['Service'],
    discount: ['Remise', 'Réduction'],
    rounding: ['Arrondi'],
    cash: ['Espèces', 'ESPECES', 'Reçu'],
    card: ['CB', 'Carte bancaire', 'Carte'],
    change: ['Rendu', 'Monnaie rendue', 'A rendre'],
    thanks: ['Merci de votre visite', 'Merci et à bientôt', 'Bonne journée'],
    items: ['Nombre d’articles', 'Articles'],
  },
  months: [
    'janv',
    'févr',
    'mars',
    'avr',
    'mai',
    'juin',
    'juil',
    'août',
    'sept',
    'oct',
    'nov',
    'déc',
  ],
  goods: {
    food: [
      item('Baguette tradition', 110, 150),
      item('Croissant beurre', 110, 160),
      item('Pain au chocolat', 120, 170),
      item('Café crème', 250, 420),
      item('Croque-monsieur', 550, 890),
      item('Jus d’orange 25cl', 250, 420),
    ],
    shop: [
      item('Lait demi-écrémé 1L', 99, 149),
      item('Comté 12 mois', 1690, 2590, true),
      item('Pommes Golden', 199, 349, true),
      item('Eau minérale 1,5L', 45, 99),
      item('Liquide vaisselle', 150, 299),
    ],
    hardware: [
      item('Piles AA x4', 399, 799),
      item('Vis 4x40 boîte de 100', 349, 699),
      item('Ampoule LED E27', 299, 699),
      item('Ruban adhésif', 149, 349),
    ],
    office: [
      item('Ramette papier A4', 450, 899),
      item('Stylo bille bleu', 90, 250),
      item('Cahier 96 pages', 150, 350),
      item('Surligneurs x4', 299, 599),
    ],
  },
};

const nl: ReceiptWords = {
  labels: {
    receiptNumber: ['Bonnr.', 'Bon', 'Kassabon nr.', 'Bonnummer'],
    cashier: ['Kassa', 'Medewerker', 'U werd geholpen door'],
    table: ['Tafel'],
    date: ['Datum', 'Datum:'],
    qty: ['Aantal', 'Aant.'],
    item: ['Omschrijving', 'Artikel'],
    price: ['Prijs', 'Stukprijs'],
    amount: ['Bedrag', 'EUR'],
    subtotal: ['Subtotaal', 'SUBTOTAAL'],
    total: ['TOTAAL', 'Totaal', 'Te betalen'],
    taxAdded: [(n, r) => `${n} ${r}`],
    taxIncluded: [(n, r) => `incl. ${n} ${r}`, (n, r) => `waarvan ${n} ${r}`],
    service: ['Bediening'],
    discount: ['Korting', 'Bonuskorting'],
    rounding: ['Afronding', 'Afrondingsverschil'],
    cash: ['Contant', 'CONTANT', 'Betaald'],
    card: ['PIN', 'Pinnen', 'Maestro'],
    change: ['Wisselgeld', 'Terug'],
    thanks: ['Bedankt voor uw bezoek', 'Tot ziens', 'Dank u wel en tot ziens'],
    items: ['Aantal artikelen', 'Artikelen'],
  },
  months: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  goods: {
    food: [
      item('Appeltaart', 350, 495),
      item('Koffie verkeerd', 290, 420),
      item('Tosti ham kaas', 450, 750),
      item('Verse jus', 295, 450),
      item('Volkorenbrood', 199, 349),
    ],
    shop: [
      item('Halfvolle melk 1L', 99, 149),
      item('Jonge kaas', 899, 1399, true),
      item('Bananen', 149, 229, true),
      item('Hagelslag puur', 199, 329),
      item('Stroopwafels', 149, 299),
      item('Afwasmiddel', 99, 249),
    ],
    hardware: [
      item('Schroeven 4x40 100 st.', 349, 699),
      item('Batterijen AA 4 st.', 399, 799),
      item('Pluggen 6mm', 199, 449),
      item('Ledlamp E27', 299, 699),
    ],
    office: [
      item('Printpapier A4', 399, 799),
      item('Balpen blauw', 99, 249),
      item('Schrift A4 gelijnd', 149, 349),
      item('Markeerstiften 4 st.', 299, 599),
    ],
  },
};

const es: ReceiptWords = {
  labels: {
    receiptNumber: ['Ticket nº', 'Nº ticket', 'Factura simplificada', 'Nº Fra.'],
    cashier: ['Cajero', 'Atendido por', 'Le atendió'],
    table: ['Mesa'],
    date: ['Fecha', 'Fecha:'],
    qty: ['Cant.', 'Uds'],
    item: ['Artículo', 'Descripción'],
    price: ['Precio', 'P.U.'],
    amount: ['Importe', 'EUR'],
    subtotal: ['Subtotal', 'Base'],
    total: ['TOTAL', 'Total a pagar', 'TOTAL EUR'],
    taxAdded: [(n, r) => `${n} ${r}`],
    taxIncluded: [(n, r) => `${n} incluido ${r}`, (n, r) => `${n} ${r} incl.`],
    service: ['Servicio'],
    discount: ['Descuento', 'Dto.'],
    rounding: ['Redondeo'],
    cash: ['Efectivo', 'EFECTIVO', 'Entregado'],
    card: ['Tarjeta', 'TARJETA'],
    change: ['Cambio', 'Devolución', 'A devolver'],
    thanks: ['Gracias por su visita', 'Gracias por su compra', 'Vuelva pronto'],
    items: ['Nº artículos', 'Artículos'],
  },
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  goods: {
    food: [
      item('Café con leche', 130, 250),
      item('Tostada con tomate', 180, 350),
      item('Bocadillo de tortilla', 350, 590),
      item('Caña de cerveza', 180, 320),
      item('Pan de barra', 60, 120),
    ],
    shop: [
      item('Leche entera 1L', 79, 129),
      item('Jamón serrano', 1890, 3290, true),
      item('Naranjas', 129, 249, true),
      item('Agua mineral 1,5L', 35, 89),
      item('Aceite de oliva 1L', 499, 899),
      item('Pan de barra', 60, 120),
    ],
    hardware: [
      item('Tornillos 4x40 100 uds', 349, 699),
      item('Pilas AA 4 uds', 399, 799),
      item('Bombilla LED E27', 299, 699),
      item('Cinta americana', 249, 499),
    ],
    office: [
      item('Papel A4 500 hojas', 399, 799),
      item('Bolígrafo azul', 59, 199),
      item('Cuaderno A4', 149, 349),
      item('Rotuladores fluorescentes', 299, 599),
    ],
  },
};

const it: ReceiptWords = {
  labels: {
    receiptNumber: ['Scontrino n.', 'Doc. n.', 'N. scontrino', 'Documento commerciale n.'],
    cashier: ['Cassiere', 'Operatore', 'Cassa'],
    table: ['Tavolo'],
    date: ['Data', 'Data:'],
    qty: ['Q.tà', 'Qtà'],
    item: ['Descrizione', 'Articolo'],
    price: ['Prezzo', 'P.U.'],
    amount: ['Importo', 'EURO'],
    subtotal: ['Subtotale', 'SUBTOTALE'],
    total: ['TOTALE', 'Totale complessivo', 'TOTALE EURO'],
    taxAdded: [(n, r) => `${n} ${r}`],
    taxIncluded: [(n, r) => `di cui ${n} ${r}`, (n, r) => `${n} inclusa ${r}`],
    service: ['Servizio', 'Coperto e servizio'],
    discount: ['Sconto'],
    rounding: ['Arrotondamento'],
    cash: ['Contanti', 'CONTANTE', 'Pagato'],
    card: ['Carta', 'Bancomat', 'Pagamento elettronico'],
    change: ['Resto', 'RESTO'],
    thanks: ['Grazie e arrivederci', 'Grazie per la visita', 'Arrivederci'],
    items: ['N. articoli', 'Pezzi'],
  },
  months: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
  goods: {
    food: [
      item('Caffè espresso', 100, 150),
      item('Cappuccino', 130, 200),
      item('Cornetto vuoto', 100, 150),
      item('Panino prosciutto', 350, 650),
      item('Spremuta d’arancia', 250, 400),
    ],
    shop: [
      item('Pane casereccio', 250, 450, true),
      item('Latte intero 1L', 119, 179),
      item('Parmigiano Reggiano', 1890, 2990, true),
      item('Pomodori ramati', 199, 349, true),
      item('Acqua naturale 1,5L', 29, 79),
    ],
    hardware: [
      item('Viti 4x40 100 pz', 349, 699),
      item('Pile AA 4 pz', 399, 799),
      item('Lampadina LED E27', 299, 699),
      item('Nastro adesivo', 149, 349),
    ],
    office: [
      item('Risma carta A4', 399, 799),
      item('Penna a sfera blu', 80, 220),
      item('Quaderno A4 righe', 149, 349),
      item('Evidenziatori 4 pz', 299, 599),
    ],
  },
};

const pt: ReceiptWords = {
  labels: {
    receiptNumber: ['Talão n.º', 'Fatura simplificada n.º', 'Doc. n.º', 'FS'],
    cashier: ['Operador', 'Caixa', 'Atendido por'],
    table: ['Mesa'],
    date: ['Data', 'Data:'],
    qty: ['Qtd', 'Qtd.'],
    item: ['Artigo', 'Descrição'],
    price: ['Preço', 'P.Unit.'],
    amount: ['Valor', 'EUR'],
    subtotal: ['Subtotal', 'SUBTOTAL'],
    total: ['TOTAL', 'Total a pagar', 'TOTAL EUR'],
    taxAdded: [(n, r) => `${n} ${r}`],
    taxIncluded: [(n, r) => `${n} incluído ${r}`, (n, r) => `Inclui ${n} ${r}`],
    service: ['Serviço'],
    discount: ['Desconto'],
    rounding: ['Arredondamento'],
    cash: ['Numerário', 'Dinheiro', 'Entregue'],
    card: ['Multibanco', 'Cartão', 'MB'],
    change: ['Troco', 'TROCO'],
    thanks: ['Obrigado pela sua visita', 'Volte sempre', 'Obrigado e volte sempre'],
    items: ['N.º artigos', 'Artigos'],
  },
  months: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  goods: {
    food: [
      item('Pastel de nata', 100, 150),
      item('Café', 60, 110),
      item('Galão', 120, 200),
      item('Tosta mista', 250, 450),
      item('Sumo natural', 200, 350),
    ],
    shop: [
      item('Pão de forma', 129, 249),
      item('Leite meio-gordo 1L', 69, 109),
      item('Queijo flamengo', 899, 1399, true),
      item('Laranjas', 99, 199, true),
      item('Água 1,5L', 29, 79),
    ],
    hardware: [
      item('Parafusos 4x40 100 un.', 349, 699),
      item('Pilhas AA 4 un.', 399, 799),
      item('Lâmpada LED E27', 299, 699),
      item('Fita adesiva', 149, 349),
    ],
    office: [
      item('Papel A4 resma', 399, 799),
      item('Esferográfica azul', 50, 199),
      item('Caderno A4 pautado', 149, 349),
      item('Marcadores fluorescentes', 299, 599),
    ],
  },
};

export const RECEIPT_WORDS: Record<ReceiptLanguage, ReceiptWords> = {
  en,
  ms,
  de,
  fr,
  nl,
  es,
  it,
  pt,
};
