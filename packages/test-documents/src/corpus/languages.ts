/**
 * What an invoice says in each language: the labels natives print for each field (several per
 * field, since issuers differ), month names and written dates, and the goods and services sold.
 * Labels are as found on real invoices of each language, not translations of the English ones.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'nl', 'es', 'it', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Labels {
  title: string[];
  invoiceNumber: string[];
  date: string[];
  dueDate: string[];
  poNumber: string[];
  /** The customer's account number with the issuer: a second id beside the invoice number. */
  customerNumber: string[];
  subtotal: string[];
  /** The tax line of the totals: the tax name and rate are filled in, e.g. "VAT 20%". */
  tax: ((name: string, rate: string) => string)[];
  /** The sum of several tax lines, e.g. "Total VAT". */
  taxTotal: (name: string) => string;
  total: string[];
  billTo: string[];
  shipTo: string[];
  vendor: string[];
  description: string[];
  qty: string[];
  unitPrice: string[];
  amount: string[];
  taxRate: string[];
  page: ((page: number, pages: number) => string)[];
  bank: string[];
  continued: string;
  thanks: string[];
  terms: ((days: number) => string)[];
}

export interface Product {
  name: string;
  /** A second printed line some issuers add (article numbers, sizes, periods). */
  detail: string[];
  unit: 'piece' | 'hour' | 'service';
}

export interface LanguagePack {
  labels: Labels;
  months: string[];
  /** Unambiguous written forms of a date, e.g. "15 March 2024" or "15. März 2024". */
  writtenDates: ((day: number, month: string, year: number) => string)[];
  products: Product[];
}

const piece = (name: string, ...detail: string[]): Product => ({ name, detail, unit: 'piece' });
const hour = (name: string, ...detail: string[]): Product => ({ name, detail, unit: 'hour' });
const service = (name: string, ...detail: string[]): Product => ({ name, detail, unit: 'service' });

const en: LanguagePack = {
  labels: {
    title: ['INVOICE', 'Invoice', 'TAX INVOICE', 'Sales Invoice'],
    invoiceNumber: ['Invoice Number', 'Invoice No.', 'Invoice #', 'Invoice no'],
    date: ['Invoice Date', 'Date', 'Date of Issue', 'Issue Date'],
    dueDate: ['Due Date', 'Payment Due', 'Due'],
    poNumber: ['PO Number', 'Purchase Order', 'Your Order No.', 'P.O. #'],
    customerNumber: ['Customer No.', 'Account No.', 'Customer ID'],
    subtotal: ['Subtotal', 'Net Amount', 'Sub-total', 'Total excl. tax'],
    tax: [
      (name, rate) => `${name} ${rate}`,
      (name, rate) => `${name} (${rate})`,
      (name, rate) => `${name} @ ${rate}`,
    ],
    taxTotal: (name) => `Total ${name}`,
    total: ['Total', 'Total Due', 'Amount Due', 'Invoice Total', 'Balance Due'],
    billTo: ['Bill To', 'Invoice To', 'Billed To', 'Customer', 'Sold To'],
    shipTo: ['Ship To', 'Deliver To', 'Delivery Address'],
    vendor: ['From', 'Seller', 'Supplier'],
    description: ['Description', 'Item', 'Details'],
    qty: ['Qty', 'Quantity', 'Units'],
    unitPrice: ['Unit Price', 'Rate', 'Price', 'Unit Cost'],
    amount: ['Amount', 'Line Total', 'Total'],
    taxRate: ['Tax', 'Tax %'],
    page: [(p, n) => `Page ${p} of ${n}`, (p, n) => `Page ${p}/${n}`],
    bank: ['Bank details', 'Payment details', 'Please pay to'],
    continued: 'Continued on next page',
    thanks: ['Thank you for your business.', 'We appreciate your prompt payment.'],
    terms: [
      (d) => `Payment terms: ${d} days net`,
      (d) => `Net ${d}`,
      (d) => `Please pay within ${d} days.`,
    ],
  },
  months:
    'January February March April May June July August September October November December'.split(
      ' ',
    ),
  writtenDates: [
    (d, m, y) => `${m} ${d}, ${y}`,
    (d, m, y) => `${m.slice(0, 3)} ${d}, ${y}`,
    (d, m, y) => `${d} ${m} ${y}`,
    (d, m, y) => `${d} ${m.slice(0, 3)} ${y}`,
  ],
  products: [
    piece('Printer paper A4, 80 g', '5 reams per box'),
    piece('Toner cartridge black', 'Compatible, high yield'),
    piece('LED panel light 600x600', '40 W, neutral white'),
    piece('Office chair, mesh back', 'Colour: graphite'),
    piece('Stainless steel hinge 100 mm', 'Pack of 10'),
    piece('Network switch 24-port', 'Managed, rack mount'),
    piece('Safety gloves, size L', 'EN 388 certified'),
    piece('Cable ties 300 mm', 'Bag of 100'),
    piece('Whiteboard markers', 'Assorted colours, set of 4'),
    piece('Copper pipe 15 mm x 3 m'),
    piece('Wireless keyboard and mouse'),
    piece('Hand sanitiser 5 L'),
    hour('Consulting services', 'Project kick-off and requirements'),
    hour('Software development', 'Sprint 14'),
    hour('On-site installation', 'Two engineers'),
    hour('Graphic design'),
    hour('Bookkeeping services'),
    service('Monthly hosting plan', 'Business tier'),
    service('Annual maintenance contract'),
    service('Delivery charge'),
    service('Window cleaning, ground floor'),
    service('Training workshop (half day)'),
  ],
};

const de: LanguagePack = {
  labels: {
    title: ['RECHNUNG', 'Rechnung'],
    invoiceNumber: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Re.-Nr.'],
    date: ['Rechnungsdatum', 'Datum', 'Belegdatum'],
    dueDate: ['Fälligkeitsdatum', 'Zahlbar bis', 'Fällig am'],
    poNumber: ['Bestellnummer', 'Ihre Bestellung', 'Bestell-Nr.'],
    customerNumber: ['Kundennummer', 'Kunden-Nr.'],
    subtotal: ['Zwischensumme', 'Nettobetrag', 'Summe netto', 'Gesamt netto'],
    tax: [
      (name, rate) => `${name} ${rate}`,
      (name, rate) => `zzgl. ${name} ${rate}`,
      (name, rate) => `${rate} ${name}`,
    ],
    taxTotal: (name) => `Summe ${name}`,
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Gesamtsumme', 'Summe brutto', 'Endbetrag'],
    billTo: ['Rechnungsempfänger', 'Kunde', 'Rechnungsadresse', 'Rechnung an'],
    shipTo: ['Lieferadresse', 'Lieferanschrift'],
    vendor: ['Absender', 'Lieferant', 'Verkäufer'],
    description: ['Beschreibung', 'Bezeichnung', 'Artikel', 'Leistung'],
    qty: ['Menge', 'Anz.', 'Anzahl'],
    unitPrice: ['Einzelpreis', 'E-Preis', 'Preis/Einheit'],
    amount: ['Betrag', 'Gesamtpreis', 'Gesamt'],
    taxRate: ['MwSt.', 'USt. %', 'Steuer'],
    page: [(p, n) => `Seite ${p} von ${n}`, (p, n) => `Seite ${p}/${n}`],
    bank: ['Bankverbindung', 'Zahlung an'],
    continued: 'Fortsetzung auf der nächsten Seite',
    thanks: ['Vielen Dank für Ihren Auftrag.', 'Wir danken für Ihr Vertrauen.'],
    terms: [
      (d) => `Zahlbar innerhalb von ${d} Tagen ohne Abzug.`,
      (d) => `Zahlungsziel: ${d} Tage netto`,
    ],
  },
  months:
    'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
  writtenDates: [(d, m, y) => `${d}. ${m} ${y}`],
  products: [
    piece('Kopierpapier A4, 80 g/m²', '5 Pakete à 500 Blatt'),
    piece('Tonerkartusche schwarz', 'Hohe Reichweite'),
    piece('LED-Einbauleuchte 600x600', '40 W, neutralweiß'),
    piece('Bürodrehstuhl mit Netzrücken'),
    piece('Edelstahl-Scharnier 100 mm', 'VE 10 Stück'),
    piece('Kabelbinder 300 mm', 'Beutel à 100 Stück'),
    piece('Schutzhandschuhe Gr. 9', 'EN 388'),
    piece('Kupferrohr 15 mm x 3 m'),
    piece('Holzschrauben 4 x 40', 'Packung à 200'),
    piece('Netzwerk-Switch 24 Port'),
    piece('Desinfektionsmittel 5 l'),
    hour('Beratungsleistung', 'Projektvorbereitung'),
    hour('Montagearbeiten vor Ort', '2 Monteure'),
    hour('Softwareentwicklung', 'Sprint 14'),
    hour('Grafikdesign'),
    service('Wartungsvertrag jährlich'),
    service('Webhosting Business-Tarif', 'Monatlich'),
    service('Versandkosten'),
    service('Schulung (halbtägig)'),
    service('Fensterreinigung Erdgeschoss'),
  ],
};

const fr: LanguagePack = {
  labels: {
    title: ['FACTURE', 'Facture'],
    invoiceNumber: ['Facture n°', 'N° de facture', 'Numéro de facture'],
    date: ['Date de facture', 'Date', "Date d'émission"],
    dueDate: ["Date d'échéance", 'Échéance', 'À régler avant le'],
    poNumber: ['Bon de commande', 'Réf. commande', 'N° de commande'],
    customerNumber: ['N° client', 'Code client'],
    subtotal: ['Total HT', 'Sous-total', 'Montant HT'],
    tax: [
      (name, rate) => `${name} ${rate}`,
      (name, rate) => `${name} (${rate})`,
      (name, rate) => `${name} à ${rate}`,
    ],
    taxTotal: (name) => `Total ${name}`,
    total: ['Total TTC', 'Montant TTC', 'Net à payer', 'Total à payer'],
    billTo: ['Facturé à', 'Client', 'Adresse de facturation', 'Destinataire'],
    shipTo: ['Livré à', 'Adresse de livraison'],
    vendor: ['Émetteur', 'Fournisseur', 'Vendeur'],
    description: ['Désignation', 'Description', 'Libellé'],
    qty: ['Qté', 'Quantité'],
    unitPrice: ['Prix unitaire', 'P.U. HT', 'Prix unit. HT'],
    amount: ['Montant HT', 'Montant', 'Total HT'],
    taxRate: ['TVA', 'Taux TVA'],
    page: [(p, n) => `Page ${p} sur ${n}`, (p, n) => `Page ${p}/${n}`],
    bank: ['Coordonnées bancaires', 'Règlement par virement'],
    continued: 'Suite page suivante',
    thanks: ['Merci de votre confiance.', 'Nous vous remercions de votre commande.'],
    terms: [(d) => `Paiement à ${d} jours.`, (d) => `Conditions de paiement : ${d} jours net`],
  },
  months:
    'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(
      ' ',
    ),
  writtenDates: [(d, m, y) => `${d === 1 ? '1er' : d} ${m} ${y}`],
  products: [
    piece('Ramette papier A4 80 g', 'Carton de 5 ramettes'),
    piece('Cartouche de toner noir', 'Haute capacité'),
    piece('Dalle LED 600x600', '40 W, blanc neutre'),
    piece('Fauteuil de bureau ergonomique'),
    piece('Charnière inox 100 mm', 'Lot de 10'),
    piece('Colliers de serrage 300 mm', 'Sachet de 100'),
    piece('Gants de protection taille 9'),
    piece('Tube cuivre 15 mm x 3 m'),
    piece('Vis à bois 4 x 40', 'Boîte de 200'),
    piece('Commutateur réseau 24 ports'),
    hour('Prestation de conseil', 'Cadrage du projet'),
    hour('Installation sur site', 'Deux techniciens'),
    hour('Développement logiciel'),
    hour('Conception graphique'),
    service('Contrat de maintenance annuel'),
    service('Hébergement web, offre Pro', 'Mensuel'),
    service('Frais de port'),
    service('Formation (demi-journée)'),
    service('Nettoyage des vitres'),
  ],
};

const nl: LanguagePack = {
  labels: {
    title: ['FACTUUR', 'Factuur'],
    invoiceNumber: ['Factuurnummer', 'Factuurnr.', 'Factuur nr.'],
    date: ['Factuurdatum', 'Datum'],
    dueDate: ['Vervaldatum', 'Te betalen vóór', 'Uiterste betaaldatum'],
    poNumber: ['Ordernummer', 'Uw referentie', 'Inkoopordernr.'],
    customerNumber: ['Klantnummer', 'Debiteurnummer'],
    subtotal: ['Subtotaal', 'Totaal excl. btw', 'Netto bedrag'],
    tax: [(name, rate) => `${name} ${rate}`, (name, rate) => `${rate} ${name}`],
    taxTotal: (name) => `Totaal ${name}`,
    total: ['Totaal', 'Totaal incl. btw', 'Te betalen', 'Totaalbedrag'],
    billTo: ['Factuuradres', 'Klant', 'Gefactureerd aan', 'Aan'],
    shipTo: ['Afleveradres', 'Leveradres'],
    vendor: ['Leverancier', 'Verkoper', 'Van'],
    description: ['Omschrijving', 'Artikel'],
    qty: ['Aantal'],
    unitPrice: ['Prijs per stuk', 'Stukprijs', 'Prijs', 'Eenheidsprijs'],
    amount: ['Bedrag', 'Totaal'],
    taxRate: ['BTW', 'Btw %'],
    page: [(p, n) => `Pagina ${p} van ${n}`, (p, n) => `Pagina ${p}/${n}`],
    bank: ['Bankgegevens', 'Gelieve over te maken naar'],
    continued: 'Vervolg op volgende pagina',
    thanks: ['Bedankt voor uw bestelling.', 'Wij danken u voor uw vertrouwen.'],
    terms: [(d) => `Betaling binnen ${d} dagen.`, (d) => `Betalingstermijn: ${d} dagen`],
  },
  months:
    'januari februari maart april mei juni juli augustus september oktober november december'.split(
      ' ',
    ),
  writtenDates: [(d, m, y) => `${d} ${m} ${y}`],
  products: [
    piece('Kopieerpapier A4 80 grams', 'Doos à 5 pakken'),
    piece('Tonercartridge zwart', 'Hoge capaciteit'),
    piece('LED-paneel 600x600', '40 W, neutraal wit'),
    piece('Bureaustoel met netrug'),
    piece('RVS scharnier 100 mm', 'Set van 10'),
    piece('Kabelbinders 300 mm', 'Zak à 100 stuks'),
    piece('Werkhandschoenen maat 9'),
    piece('Koperen buis 15 mm x 3 m'),
    piece('Houtschroeven 4 x 40', 'Doos à 200'),
    piece('Netwerkswitch 24 poorten'),
    hour('Advieswerkzaamheden', 'Projectvoorbereiding'),
    hour('Installatie op locatie', 'Twee monteurs'),
    hour('Softwareontwikkeling'),
    hour('Grafisch ontwerp'),
    service('Onderhoudscontract jaarlijks'),
    service('Webhosting zakelijk pakket', 'Maandelijks'),
    service('Verzendkosten'),
    service('Training (halve dag)'),
    service('Glazenwassen begane grond'),
  ],
};

const es: LanguagePack = {
  labels: {
    title: ['FACTURA', 'Factura'],
    invoiceNumber: ['Nº de factura', 'Número de factura', 'Factura nº', 'Factura n.º'],
    date: ['Fecha de factura', 'Fecha', 'Fecha de emisión'],
    dueDate: ['Fecha de vencimiento', 'Vencimiento'],
    poNumber: ['Nº de pedido', 'Pedido', 'Su referencia'],
    customerNumber: ['Nº de cliente', 'Código cliente'],
    subtotal: ['Base imponible', 'Subtotal'],
    tax: [(name, rate) => `${name} ${rate}`, (name, rate) => `${name} (${rate})`],
    taxTotal: (name) => `Total ${name}`,
    total: ['Total', 'Total factura', 'Importe total', 'Total a pagar'],
    billTo: ['Cliente', 'Facturar a', 'Datos del cliente'],
    shipTo: ['Enviar a', 'Dirección de entrega'],
    vendor: ['Emisor', 'Proveedor', 'Vendedor'],
    description: ['Descripción', 'Concepto'],
    qty: ['Cantidad', 'Cant.', 'Uds.'],
    unitPrice: ['Precio unitario', 'Precio', 'P. unit.'],
    amount: ['Importe', 'Total'],
    taxRate: ['IVA', '% IVA'],
    page: [(p, n) => `Página ${p} de ${n}`, (p, n) => `Pág. ${p}/${n}`],
    bank: ['Datos bancarios', 'Forma de pago: transferencia a'],
    continued: 'Continúa en la página siguiente',
    thanks: ['Gracias por su confianza.', 'Gracias por su pedido.'],
    terms: [(d) => `Pago a ${d} días.`, (d) => `Forma de pago: transferencia a ${d} días`],
  },
  months:
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(
      ' ',
    ),
  writtenDates: [(d, m, y) => `${d} de ${m} de ${y}`],
  products: [
    piece('Papel de impresora A4 80 g', 'Caja de 5 paquetes'),
    piece('Cartucho de tóner negro', 'Alta capacidad'),
    piece('Panel LED 600x600', '40 W, blanco neutro'),
    piece('Silla de oficina ergonómica'),
    piece('Bisagra de acero inoxidable 100 mm', 'Pack de 10'),
    piece('Bridas de nailon 300 mm', 'Bolsa de 100'),
    piece('Guantes de protección talla 9'),
    piece('Tubo de cobre 15 mm x 3 m'),
    piece('Tornillos para madera 4 x 40', 'Caja de 200'),
    piece('Switch de red 24 puertos'),
    hour('Servicios de consultoría', 'Fase de análisis'),
    hour('Instalación en obra', 'Dos técnicos'),
    hour('Desarrollo de software'),
    hour('Diseño gráfico'),
    service('Contrato de mantenimiento anual'),
    service('Alojamiento web plan empresa', 'Mensual'),
    service('Gastos de envío'),
    service('Curso de formación (media jornada)'),
    service('Limpieza de cristales'),
  ],
};

const it: LanguagePack = {
  labels: {
    title: ['FATTURA', 'Fattura'],
    invoiceNumber: ['Fattura n.', 'Numero fattura', 'N. fattura', 'Fattura N°'],
    date: ['Data fattura', 'Data', 'Data emissione'],
    dueDate: ['Data scadenza', 'Scadenza', 'Scadenza pagamento'],
    poNumber: ['Ordine n.', 'Rif. ordine', 'Numero ordine'],
    customerNumber: ['Codice cliente', 'Cod. cliente'],
    subtotal: ['Imponibile', 'Totale imponibile', 'Subtotale'],
    tax: [(name, rate) => `${name} ${rate}`, (name, rate) => `${name} (${rate})`],
    taxTotal: (name) => `Totale ${name}`,
    total: ['Totale', 'Totale fattura', 'Totale documento', 'Totale da pagare'],
    billTo: ['Cliente', 'Destinatario', 'Spett.le', 'Fatturare a'],
    shipTo: ['Destinazione merce', 'Luogo di consegna'],
    vendor: ['Fornitore', 'Cedente', 'Venditore'],
    description: ['Descrizione', 'Articolo'],
    qty: ['Quantità', 'Q.tà', 'Qtà'],
    unitPrice: ['Prezzo unitario', 'Prezzo unit.', 'Prezzo'],
    amount: ['Importo', 'Totale'],
    taxRate: ['IVA', 'Aliq. IVA'],
    page: [(p, n) => `Pagina ${p} di ${n}`, (p, n) => `Pag. ${p}/${n}`],
    bank: ['Coordinate bancarie', 'Pagamento tramite bonifico'],
    continued: 'Segue alla pagina successiva',
    thanks: ['Grazie per averci scelto.', 'Grazie per il vostro ordine.'],
    terms: [(d) => `Pagamento a ${d} giorni data fattura.`, (d) => `Bonifico bancario a ${d} gg`],
  },
  months:
    'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
      ' ',
    ),
  writtenDates: [(d, m, y) => `${d} ${m} ${y}`],
  products: [
    piece('Carta per fotocopie A4 80 g', 'Scatola da 5 risme'),
    piece('Cartuccia toner nero', 'Alta capacità'),
    piece('Pannello LED 600x600', '40 W, luce naturale'),
    piece('Sedia da ufficio ergonomica'),
    piece('Cerniera in acciaio inox 100 mm', 'Confezione da 10'),
    piece('Fascette stringicavo 300 mm', 'Busta da 100'),
    piece('Guanti da lavoro taglia 9'),
    piece('Tubo in rame 15 mm x 3 m'),
    piece('Viti per legno 4 x 40', 'Scatola da 200'),
    piece('Switch di rete 24 porte'),
    hour('Consulenza tecnica', 'Analisi preliminare'),
    hour('Installazione in loco', 'Due tecnici'),
    hour('Sviluppo software'),
    hour('Progettazione grafica'),
    service('Contratto di manutenzione annuale'),
    service('Hosting web piano business', 'Mensile'),
    service('Spese di spedizione'),
    service('Corso di formazione (mezza giornata)'),
    service('Pulizia vetri piano terra'),
  ],
};

const pt: LanguagePack = {
  labels: {
    title: ['FATURA', 'Fatura'],
    invoiceNumber: ['Fatura n.º', 'N.º da fatura', 'Número da fatura'],
    date: ['Data da fatura', 'Data', 'Data de emissão'],
    dueDate: ['Data de vencimento', 'Vencimento'],
    poNumber: ['N.º de encomenda', 'Ref. encomenda', 'Pedido n.º'],
    customerNumber: ['N.º de cliente', 'Código de cliente'],
    subtotal: ['Subtotal', 'Total s/ IVA', 'Valor líquido', 'Base tributável'],
    tax: [(name, rate) => `${name} ${rate}`, (name, rate) => `${name} (${rate})`],
    taxTotal: (name) => `Total ${name}`,
    total: ['Total', 'Total a pagar', 'Total c/ IVA', 'Valor total'],
    billTo: ['Cliente', 'Faturar a', 'Exmo.(s) Sr.(s)'],
    shipTo: ['Local de entrega', 'Morada de entrega', 'Enviar para'],
    vendor: ['Fornecedor', 'Vendedor', 'Emitente'],
    description: ['Descrição', 'Designação'],
    qty: ['Quantidade', 'Qtd.', 'Quant.'],
    unitPrice: ['Preço unitário', 'Preço unit.', 'Preço'],
    amount: ['Valor', 'Montante', 'Total'],
    taxRate: ['IVA', 'Taxa IVA'],
    page: [(p, n) => `Página ${p} de ${n}`, (p, n) => `Pág. ${p}/${n}`],
    bank: ['Dados bancários', 'Pagamento por transferência para'],
    continued: 'Continua na página seguinte',
    thanks: ['Obrigado pela sua preferência.', 'Agradecemos a sua encomenda.'],
    terms: [(d) => `Pagamento a ${d} dias.`, (d) => `Condições de pagamento: ${d} dias`],
  },
  months:
    'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(
      ' ',
    ),
  writtenDates: [(d, m, y) => `${d} de ${m} de ${y}`],
  products: [
    piece('Papel de fotocópia A4 80 g', 'Caixa de 5 resmas'),
    piece('Tinteiro de toner preto', 'Alta capacidade'),
    piece('Painel LED 600x600', '40 W, branco neutro'),
    piece('Cadeira de escritório ergonómica'),
    piece('Dobradiça em aço inox 100 mm', 'Embalagem de 10'),
    piece('Abraçadeiras 300 mm', 'Saco de 100'),
    piece('Luvas de proteção tamanho 9'),
    piece('Tubo de cobre 15 mm x 3 m'),
    piece('Parafusos para madeira 4 x 40', 'Caixa de 200'),
    piece('Switch de rede 24 portas'),
    hour('Serviços de consultoria', 'Fase de levantamento'),
    hour('Instalação no local', 'Dois técnicos'),
    hour('Desenvolvimento de software'),
    hour('Design gráfico'),
    service('Contrato de manutenção anual'),
    service('Alojamento web plano empresas', 'Mensal'),
    service('Portes de envio'),
    service('Ação de formação (meio dia)'),
    service('Limpeza de vidros'),
  ],
};

export const LANGUAGE_PACKS: Record<Language, LanguagePack> = { en, de, fr, nl, es, it, pt };
