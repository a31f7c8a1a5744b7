/**
 * Printed labels several kinds share (dates, parties, common table columns), in the seven
 * languages. These are the generator's own words, written as documents of each language print
 * them; the last third of each list is held out for the check split.
 */
import { words } from './phrasings.js';

export const ISSUE_DATE = words({
  en: 'Date of Issue|Issue Date|Issued On|Date Issued',
  de: 'Ausstellungsdatum|Ausgestellt am|Erstellt am',
  fr: "Date d'émission|Émis le|Date d'établissement",
  nl: 'Datum van uitgifte|Uitgiftedatum|Opgemaakt op',
  es: 'Fecha de emisión|Emitido el|Fecha de expedición',
  it: 'Data di emissione|Emesso il|Data di rilascio',
  pt: 'Data de emissão|Emitido em|Data de expedição',
});

export const DUE_DATE = words({
  en: 'Due Date|Payment Due|Please Pay By',
  de: 'Fälligkeitsdatum|Fällig am|Zahlbar bis',
  fr: "Date d'échéance|Échéance|À payer avant le",
  nl: 'Vervaldatum|Uiterste betaaldatum|Te betalen voor',
  es: 'Fecha de vencimiento|Vencimiento|Pagar antes del',
  it: 'Data di scadenza|Scadenza pagamento|Da pagare entro il',
  pt: 'Data de vencimento|Vencimento|Pagar até',
});

export const DELIVERY_DATE = words({
  en: 'Delivery Date|Date of Delivery|Delivered On',
  de: 'Lieferdatum|Liefertag|Geliefert am',
  fr: 'Date de livraison|Livré le|Date de la livraison',
  nl: 'Leverdatum|Afleverdatum|Geleverd op',
  es: 'Fecha de entrega|Entregado el|Fecha de la entrega',
  it: 'Data di consegna|Consegnato il|Data consegna merce',
  pt: 'Data de entrega|Entregue em|Data da entrega',
});

export const ORDER_DATE = words({
  en: 'Order Date|Date of Order|Date Ordered',
  de: 'Bestelldatum|Auftragsdatum|Bestellt am',
  fr: 'Date de commande|Date de la commande|Commandé le',
  nl: 'Besteldatum|Orderdatum|Besteld op',
  es: 'Fecha de pedido|Fecha del pedido|Pedido el',
  it: "Data ordine|Data dell'ordine|Ordinato il",
  pt: 'Data da encomenda|Data do pedido|Encomendado em',
});

export const ORDER_NUMBER = words({
  en: 'PO Number|Order No.|P.O. #|Purchase Order No.',
  de: 'Bestellnummer|Bestell-Nr.|Bestellung Nr.',
  fr: 'N° de commande|Commande n°|Numéro de bon de commande',
  nl: 'Bestelnummer|Ordernummer|Inkooporder nr.',
  es: 'N.º de pedido|Pedido n.º|Número de orden de compra',
  it: "N. ordine|Ordine n.|Numero ordine d'acquisto",
  pt: 'N.º de encomenda|Encomenda n.º|Número da ordem de compra',
});

export const CUSTOMER = words({
  en: 'Customer|Client|Account Holder Name',
  de: 'Kunde|Kundenname|Rechnungsempfänger',
  fr: 'Client|Nom du client|Titulaire du contrat',
  nl: 'Klant|Klantnaam|Contracthouder',
  es: 'Cliente|Nombre del cliente|Titular del contrato',
  it: 'Cliente|Intestatario|Titolare del contratto',
  pt: 'Cliente|Nome do cliente|Titular do contrato',
});

export const SUPPLIER = words({
  en: 'Supplier|Vendor|Seller',
  de: 'Lieferant|Verkäufer|Lieferfirma',
  fr: 'Fournisseur|Vendeur|Prestataire',
  nl: 'Leverancier|Verkoper|Crediteur',
  es: 'Proveedor|Vendedor|Suministrador',
  it: 'Fornitore|Venditore|Ditta fornitrice',
  pt: 'Fornecedor|Vendedor|Entidade fornecedora',
});

export const EMPLOYEE = words({
  en: 'Employee|Employee Name|Name of Employee',
  de: 'Mitarbeiter|Name des Mitarbeiters|Arbeitnehmer',
  fr: 'Salarié|Nom du salarié|Collaborateur',
  nl: 'Werknemer|Naam werknemer|Medewerker',
  es: 'Empleado|Nombre del empleado|Trabajador',
  it: 'Dipendente|Nominativo dipendente|Lavoratore',
  pt: 'Colaborador|Nome do funcionário|Trabalhador',
});

export const EMPLOYEE_NUMBER = words({
  en: 'Employee No.|Staff ID|Personnel Number',
  de: 'Personalnummer|Personal-Nr.|Mitarbeiter-ID',
  fr: 'Matricule|N° salarié|Numéro de matricule',
  nl: 'Personeelsnummer|Pers.nr.|Medewerkernummer',
  es: 'N.º de empleado|Código empleado|Número de personal',
  it: 'Matricola|N. dipendente|Codice matricola',
  pt: 'N.º de funcionário|Número mecanográfico|N.º colaborador',
});

export const DESCRIPTION_COLUMN = words({
  en: 'Description|Details|Particulars',
  de: 'Bezeichnung|Beschreibung|Text',
  fr: 'Désignation|Description|Libellé',
  nl: 'Omschrijving|Beschrijving|Specificatie',
  es: 'Descripción|Concepto|Detalle',
  it: 'Descrizione|Dettaglio|Causale',
  pt: 'Descrição|Designação|Discriminação',
});

export const QUANTITY_COLUMN = words({
  en: 'Qty|Quantity|No. of Units',
  de: 'Menge|Anzahl|Stückzahl',
  fr: 'Qté|Quantité|Nombre',
  nl: 'Aantal|Hoeveelheid|Stuks',
  es: 'Cant.|Cantidad|N.º de unidades',
  it: 'Q.tà|Quantità|Pezzi',
  pt: 'Qtd.|Quantidade|Unidades',
});

export const UNIT_PRICE_COLUMN = words({
  en: 'Unit Price|Price|Price Each',
  de: 'Einzelpreis|Preis|Stückpreis',
  fr: 'Prix unitaire|P.U.|Prix unit. HT',
  nl: 'Stukprijs|Prijs|Prijs per stuk',
  es: 'Precio unitario|Precio|Precio unidad',
  it: 'Prezzo unitario|Prezzo|Prezzo cad.',
  pt: 'Preço unitário|Preço|Preço unid.',
});

export const AMOUNT_COLUMN = words({
  en: 'Amount|Total|Line Total',
  de: 'Betrag|Gesamt|Gesamtpreis',
  fr: 'Montant|Total|Montant HT',
  nl: 'Bedrag|Totaal|Regeltotaal',
  es: 'Importe|Total|Importe línea',
  it: 'Importo|Totale|Importo riga',
  pt: 'Valor|Total|Importância',
});

export const DATE_COLUMN = words({
  en: 'Date|Day|Entry Date',
  de: 'Datum|Tag|Buchungstag',
  fr: 'Date|Jour|Date opération',
  nl: 'Datum|Dag|Boekdatum',
  es: 'Fecha|Día|Fecha operación',
  it: 'Data|Giorno|Data operazione',
  pt: 'Data|Dia|Data movimento',
});

export const BROUGHT_FORWARD = words({
  en: 'Brought forward|Balance brought forward|B/F from previous page',
  de: 'Übertrag|Vortrag|Übertrag von Vorseite',
  fr: 'Report|Solde reporté|Report page précédente',
  nl: 'Transport|Saldo vorige pagina|Van vorige pagina',
  es: 'Suma anterior|Saldo traspasado|Transporte de página anterior',
  it: 'Riporto|Saldo riportato|Riporto da pagina precedente',
  pt: 'Transporte|Saldo transitado|Transporte da página anterior',
});

export const CARRIED_FORWARD = words({
  en: 'Carried forward|Balance carried forward|C/F to next page',
  de: 'Übertrag auf Folgeseite|Zwischensumme Übertrag|Saldo zur Folgeseite',
  fr: 'À reporter|Solde à reporter|Report page suivante',
  nl: 'Te transporteren|Naar volgende pagina|Saldo volgende pagina',
  es: 'Suma y sigue|Saldo a traspasar|Transporte a página siguiente',
  it: 'A riportare|Da riportare|Riporto a pagina seguente',
  pt: 'A transportar|Saldo a transitar|Transporte para a página seguinte',
});

export const TOTAL = words({
  en: 'Total|Grand Total|Total Amount',
  de: 'Gesamtbetrag|Summe|Gesamtsumme',
  fr: 'Total|Montant total|Total général',
  nl: 'Totaal|Totaalbedrag|Eindtotaal',
  es: 'Total|Importe total|Total general',
  it: 'Totale|Importo totale|Totale complessivo',
  pt: 'Total|Valor total|Total geral',
});

export const NET_TOTAL = words({
  en: 'Subtotal|Net Total|Total excl. Tax',
  de: 'Nettobetrag|Zwischensumme|Summe netto',
  fr: 'Total HT|Sous-total|Montant hors taxes',
  nl: 'Subtotaal|Netto|Totaal excl. btw',
  es: 'Base imponible|Subtotal|Importe neto',
  it: 'Imponibile|Subtotale|Totale imponibile',
  pt: 'Subtotal|Valor líquido|Total sem IVA',
});

export const PAGE = words({
  en: 'Page 1 of 1|Page 1/1',
  de: 'Seite 1 von 1|Seite 1/1',
  fr: 'Page 1 sur 1|Page 1/1',
  nl: 'Pagina 1 van 1|Blad 1/1',
  es: 'Página 1 de 1|Pág. 1/1',
  it: 'Pagina 1 di 1|Pag. 1/1',
  pt: 'Página 1 de 1|Pág. 1/1',
});

export const SHIP_TO = words({
  en: 'Ship To|Deliver To|Delivery Address',
  de: 'Lieferanschrift|Lieferadresse|Warenempfänger',
  fr: 'Adresse de livraison|Livrer à|Lieu de livraison',
  nl: 'Afleveradres|Leveringsadres|Leveren aan',
  es: 'Dirección de entrega|Entregar en|Lugar de entrega',
  it: 'Indirizzo di consegna|Consegnare a|Luogo di consegna',
  pt: 'Morada de entrega|Entregar em|Local de entrega',
});

export const ITEM_CODE = words({
  en: 'Item Code|Art. No.|SKU',
  de: 'Artikelnr.|Art.-Nr.|Materialnummer',
  fr: 'Référence|Réf. article|Code article',
  nl: 'Artikelnr.|Art.nr.|Artikelcode',
  es: 'Referencia|Cód. artículo|Código',
  it: 'Codice|Cod. articolo|Articolo n.',
  pt: 'Referência|Cód. artigo|Código',
});

export const PACKAGES = words({
  en: 'No. of Packages|Packages|Total Parcels',
  de: 'Anzahl Packstücke|Packstücke|Colli gesamt',
  fr: 'Nombre de colis|Colis|Nb de colis',
  nl: 'Aantal colli|Colli|Aantal pakketten',
  es: 'N.º de bultos|Bultos|Total bultos',
  it: 'Numero colli|Colli|N. colli',
  pt: 'N.º de volumes|Volumes|Total de volumes',
});

export const GROSS_WEIGHT = words({
  en: 'Gross Weight|Total Weight|Weight (gross)',
  de: 'Bruttogewicht|Gesamtgewicht|Gewicht brutto',
  fr: 'Poids brut|Poids total|Poids brut total',
  nl: 'Brutogewicht|Totaalgewicht|Gewicht bruto',
  es: 'Peso bruto|Peso total|Peso bruto total',
  it: 'Peso lordo|Peso totale|Peso lordo complessivo',
  pt: 'Peso bruto|Peso total|Peso bruto total',
});

export const NET_WEIGHT = words({
  en: 'Net Weight|Weight (net)',
  de: 'Nettogewicht|Gewicht netto',
  fr: 'Poids net|Poids net total',
  nl: 'Nettogewicht|Gewicht netto',
  es: 'Peso neto|Peso neto total',
  it: 'Peso netto|Peso netto totale',
  pt: 'Peso líquido|Peso líquido total',
});

export const PERIOD = words({
  en: 'Period|Pay Period|For the Period',
  de: 'Zeitraum|Abrechnungszeitraum|Für den Zeitraum',
  fr: 'Période|Période de paie|Pour la période du',
  nl: 'Periode|Loonperiode|Over de periode',
  es: 'Periodo|Periodo de liquidación|Correspondiente al periodo',
  it: 'Periodo|Periodo di paga|Mese di competenza',
  pt: 'Período|Período de processamento|Referente ao período',
});

export const APPROVED_BY = words({
  en: 'Approved By|Authorised By|Signed Off By',
  de: 'Genehmigt von|Freigegeben von|Abgezeichnet durch',
  fr: 'Approuvé par|Validé par|Visa du responsable',
  nl: 'Goedgekeurd door|Akkoord|Geaccordeerd door',
  es: 'Aprobado por|Autorizado por|Visto bueno de',
  it: 'Approvato da|Autorizzato da|Visto del responsabile',
  pt: 'Aprovado por|Autorizado por|Visto do responsável',
});

export const UNIT_COLUMN = words({
  en: 'Unit|UoM',
  de: 'Einheit|ME',
  fr: 'Unité|U.',
  nl: 'Eenheid|Eh.',
  es: 'Unidad|Ud.',
  it: 'Unità|Unità mis.',
  pt: 'Unidade|Un.',
});
