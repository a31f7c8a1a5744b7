/**
 * A utility bill: the customer's block and account number, the bill date near the due date and
 * the billing period, the meter's serial number beside its readings, and the amount due beside
 * the previous balance, the payment received and the current charges. The charges table may
 * group its lines under section headings (electricity, gas).
 */
import type { Language } from '../../corpus/languages.js';
import { asked, type RowSpec } from '../compose.js';
import { words } from '../words/phrasings.js';
import {
  AMOUNT_COLUMN,
  CUSTOMER,
  DESCRIPTION_COLUMN,
  DUE_DATE,
  QUANTITY_COLUMN,
} from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, cents, code, company, money, monthOf, someDay } from './values.js';

const TITLE = words({
  en: 'ENERGY BILL|Your Electricity Bill|Utility Bill',
  de: 'STROMRECHNUNG|Jahresabrechnung Energie|Verbrauchsabrechnung',
  fr: "FACTURE D'ÉNERGIE|Votre facture d'électricité|Facture de consommation",
  nl: 'ENERGIENOTA|Uw energierekening|Jaarafrekening energie',
  es: 'FACTURA DE ELECTRICIDAD|Factura de suministro|Factura de energía',
  it: 'BOLLETTA LUCE E GAS|Bolletta energia|Fattura di fornitura',
  pt: 'FATURA DE ENERGIA|Fatura de eletricidade|Fatura de fornecimento',
});

const ACCOUNT = words({
  en: 'Account Number|Customer Account No.|Your Account',
  de: 'Vertragskonto|Kundennummer|Ihr Vertragskonto',
  fr: 'N° de client|Référence client|Votre n° de contrat',
  nl: 'Klantnummer|Contractnummer|Uw klantnummer',
  es: 'N.º de contrato|Código de cliente|Su n.º de cliente',
  it: 'Codice cliente|N. contratto|Il suo codice cliente',
  pt: 'N.º de cliente|Conta contrato|O seu n.º de cliente',
});

const BILL_DATE = words({
  en: 'Bill Date|Invoice Date|Date of Bill',
  de: 'Rechnungsdatum|Datum der Abrechnung|Abrechnungsdatum',
  fr: 'Date de facture|Facture du|Date de la facture',
  nl: 'Factuurdatum|Notadatum|Datum nota',
  es: 'Fecha de factura|Fecha factura|Fecha de la factura',
  it: 'Data fattura|Data emissione bolletta|Bolletta del',
  pt: 'Data da fatura|Data fatura|Fatura emitida em',
});

const BILLING_PERIOD = words({
  en: 'Billing Period|Period of Supply',
  de: 'Abrechnungszeitraum|Lieferzeitraum',
  fr: 'Période de consommation|Période facturée',
  nl: 'Verbruiksperiode|Factuurperiode',
  es: 'Periodo de facturación|Periodo de consumo',
  it: 'Periodo di fatturazione|Periodo di fornitura',
  pt: 'Período de faturação|Período de consumo',
});

const METER_NUMBER = words({
  en: 'Meter Serial No.|Meter Number',
  de: 'Zählernummer|Zähler-Nr.',
  fr: 'N° de compteur|Compteur n°',
  nl: 'Meternummer|Meter nr.',
  es: 'N.º de contador|Contador n.º',
  it: 'Matricola contatore|N. contatore',
  pt: 'N.º do contador|Contador n.º',
});

const READING = words({
  en: 'Current Reading|Meter Reading|Present Reading',
  de: 'Zählerstand neu|Aktueller Zählerstand|Ablesung aktuell',
  fr: 'Nouvel index|Index actuel|Relevé actuel',
  nl: 'Nieuwe meterstand|Meterstand|Huidige stand',
  es: 'Lectura actual|Lectura del contador|Lectura final',
  it: 'Lettura attuale|Lettura contatore|Lettura finale',
  pt: 'Leitura atual|Leitura do contador|Leitura final',
});

const PREVIOUS_READING = words({
  en: 'Previous Reading|Last Reading',
  de: 'Zählerstand alt|Vorheriger Zählerstand',
  fr: 'Ancien index|Index précédent',
  nl: 'Vorige meterstand|Oude stand',
  es: 'Lectura anterior|Lectura inicial',
  it: 'Lettura precedente|Lettura iniziale',
  pt: 'Leitura anterior|Leitura inicial',
});

const PREVIOUS_BALANCE = words({
  en: 'Previous Balance|Balance from Last Bill',
  de: 'Vorheriger Saldo|Saldo Vorperiode',
  fr: 'Solde précédent|Reste dû facture précédente',
  nl: 'Vorig openstaand bedrag|Saldo vorige nota',
  es: 'Saldo pendiente anterior|Deuda anterior',
  it: 'Saldo bolletta precedente|Importo precedente',
  pt: 'Saldo da fatura anterior|Valor em dívida anterior',
});

const PAYMENT_RECEIVED = words({
  en: 'Payment Received|Payments - Thank You',
  de: 'Zahlungseingang|Erhaltene Zahlung',
  fr: 'Paiement reçu|Règlement reçu',
  nl: 'Ontvangen betaling|Betaald',
  es: 'Pago recibido|Pagos recibidos',
  it: 'Pagamento ricevuto|Pagamenti ricevuti',
  pt: 'Pagamento recebido|Pagamentos recebidos',
});

const CURRENT_CHARGES = words({
  en: 'Current Charges|Charges This Period|New Charges',
  de: 'Aktuelle Kosten|Kosten dieser Abrechnung|Neue Forderung',
  fr: 'Montant de la période|Consommation de la période|Nouvelles charges',
  nl: 'Kosten deze periode|Huidige kosten|Nieuwe kosten',
  es: 'Importe del periodo|Consumo del periodo|Nuevos cargos',
  it: 'Importo del periodo|Spesa del periodo|Nuovi addebiti',
  pt: 'Valor do período|Consumo do período|Novos encargos',
});

const AMOUNT_DUE = words({
  en: 'Amount Due|Total Due|Total to Pay',
  de: 'Zu zahlender Betrag|Rechnungsbetrag|Fälliger Gesamtbetrag',
  fr: 'Montant à payer|Total à payer|Somme due',
  nl: 'Te betalen|Totaal te betalen|Verschuldigd bedrag',
  es: 'Importe a pagar|Total a pagar|Total factura',
  it: 'Totale da pagare|Importo da pagare|Totale bolletta',
  pt: 'Valor a pagar|Total a pagar|Montante em dívida',
});

const RATE = words({
  en: 'Rate|Unit Rate',
  de: 'Preis je Einheit|Arbeitspreis',
  fr: 'Prix unitaire|Tarif',
  nl: 'Tarief|Prijs per eenheid',
  es: 'Precio|Tarifa aplicada',
  it: 'Prezzo unitario|Tariffa',
  pt: 'Preço|Tarifa aplicada',
});

const SUPPLIERS: Record<Language, string[]> = {
  en: ['Brightwell Energy', 'Northgate Power & Gas', 'Riverside Utilities'],
  de: ['Stadtwerke Mittelland', 'Nordstrom Energie GmbH', 'Rheintal Energie AG'],
  fr: ['Énergie du Centre', 'Électricité des Alpes', 'Gaz et Lumière de l’Ouest'],
  nl: ['Polder Energie', 'Noordzee Stroom B.V.', 'Groene Delta Energie'],
  es: ['Energía del Levante', 'Eléctrica del Duero', 'Suministros Cantábricos'],
  it: ['Energia Adriatica', 'Luce e Gas Lombardia', 'Servizi Energetici Toscani'],
  pt: ['Energia do Minho', 'Eletricidade Atlântica', 'Lusoenergia'],
};

const CHARGES: Record<Language, { sections: [string, string]; power: string[]; gas: string[] }> = {
  en: {
    sections: ['Electricity', 'Gas'],
    power: ['Standing charge', 'Energy used (day)', 'Energy used (night)', 'Climate change levy'],
    gas: ['Gas standing charge', 'Gas used'],
  },
  de: {
    sections: ['Strom', 'Gas'],
    power: ['Grundpreis Strom', 'Arbeitspreis HT', 'Arbeitspreis NT', 'Stromsteuer'],
    gas: ['Grundpreis Gas', 'Arbeitspreis Gas'],
  },
  fr: {
    sections: ['Électricité', 'Gaz'],
    power: [
      'Abonnement électricité',
      'Consommation heures pleines',
      'Consommation heures creuses',
      'Contribution au service public',
    ],
    gas: ['Abonnement gaz', 'Consommation gaz'],
  },
  nl: {
    sections: ['Elektriciteit', 'Gas'],
    power: ['Vastrecht stroom', 'Levering normaal', 'Levering dal', 'Energiebelasting'],
    gas: ['Vastrecht gas', 'Levering gas'],
  },
  es: {
    sections: ['Electricidad', 'Gas'],
    power: ['Término de potencia', 'Energía punta', 'Energía valle', 'Impuesto eléctrico'],
    gas: ['Término fijo gas', 'Consumo gas'],
  },
  it: {
    sections: ['Energia elettrica', 'Gas naturale'],
    power: ['Quota fissa luce', 'Energia fascia F1', 'Energia fascia F2', 'Accise energia'],
    gas: ['Quota fissa gas', 'Consumo gas'],
  },
  pt: {
    sections: ['Eletricidade', 'Gás natural'],
    power: [
      'Termo fixo eletricidade',
      'Energia vazio',
      'Energia fora de vazio',
      'Imposto especial',
    ],
    gas: ['Termo fixo gás', 'Consumo gás'],
  },
};

export const utilityBill: KindDefinition = {
  id: 'utility_bill',
  compose(c) {
    const { random, language } = c;
    const customer = company(c);
    c.title = c.say(TITLE);
    const supplier = random.pick(SUPPLIERS[language]);
    c.issuer = [supplier, company(c).address.join(', '), `Service ${code(random, '#### ### ###')}`];
    c.party(
      asked('customer: Customer|customer_name: Customer name|account_holder: Account holder'),
      CUSTOMER,
      [customer.name, ...customer.address],
    );
    const { first, last } = monthOf(someDay(random));
    const billDate = addDays(last, random.int(2, 9));
    const previousReading = random.int(1000, 80000);
    const used = random.int(150, 2500);

    const withGas = random.chance(0.5);
    const charges = CHARGES[language];
    const line = (name: string, quantity: number | null, rate: number | null) => {
      const amount =
        quantity !== null && rate !== null ? cents(quantity * rate) : money(random, 8, 40);
      return { name, quantity, rate, amount };
    };
    const power = [
      line(charges.power[0]!, null, null),
      line(charges.power[1]!, Math.round(used * 0.6), random.int(2200, 3600) / 10000),
      line(charges.power[2]!, used - Math.round(used * 0.6), random.int(1500, 2500) / 10000),
      ...(random.chance(0.5) ? [line(charges.power[3]!, used, random.int(50, 200) / 10000)] : []),
    ];
    const gas = withGas
      ? [
          line(charges.gas[0]!, null, null),
          line(charges.gas[1]!, random.int(300, 3000), random.int(600, 1400) / 10000),
        ]
      : [];
    const current = cents([...power, ...gas].reduce((s, l) => s + l.amount, 0));
    const previous = random.chance(0.5) ? money(random, 40, 600) : 0;
    const paid = previous && random.chance(0.8) ? previous : 0;
    const due = cents(previous - paid + current);
    const meter = code(random, random.pick(['########', '1ESY########', '##########']));

    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'account_number: Account number|customer_number: Customer number|contract_no: Contract no.',
          ),
          ACCOUNT,
          'string',
          code(random, random.pick(['##########', '###-####-##', 'AC########'])),
        ),
      () =>
        c.field(
          asked('bill_date: Bill date|invoice_date: Invoice date|statement_date: Statement date'),
          BILL_DATE,
          'date',
          billDate,
        ),
      () =>
        c.field(
          asked('due_date: Due date|payment_due: Payment due|pay_by: Pay by'),
          DUE_DATE,
          'date',
          addDays(billDate, random.int(10, 21)),
        ),
      () => c.decoy(BILLING_PERIOD, 'string', `${c.style.date(first)} - ${c.style.date(last)}`),
      () => c.decoy(METER_NUMBER, 'string', meter),
      () => c.decoy(PREVIOUS_READING, 'number', previousReading, { unit: 'kWh' }),
      () =>
        c.field(
          asked(
            'meter_reading: Meter reading|current_reading: Current reading|reading_kwh: Reading (kWh)',
            'The latest meter reading',
          ),
          READING,
          'number',
          previousReading + used,
          { unit: 'kWh' },
        ),
    ];
    for (const add of random.shuffle(fields)) add();
    c.decoy(PREVIOUS_BALANCE, 'currency', previous, { place: 'totals' });
    if (paid) c.decoy(PAYMENT_RECEIVED, 'currency', -paid, { place: 'totals' });
    if (random.chance(0.5))
      c.field(
        asked(
          'current_charges: Current charges|charges_this_period: Charges this period|new_charges: New charges',
        ),
        CURRENT_CHARGES,
        'currency',
        current,
        { place: 'totals' },
      );
    else c.decoy(CURRENT_CHARGES, 'currency', current, { place: 'totals' });
    c.field(
      asked(
        'amount_due: Amount due|total_due: Total due|balance_to_pay: Balance to pay',
        'What the customer has to pay',
      ),
      AMOUNT_DUE,
      'currency',
      due,
      { place: 'totals' },
    );
    if (random.chance(0.3)) c.absent(asked('late_fee: Late fee|penalty: Penalty'), 'currency');

    const rows: RowSpec[] = [];
    const asRow = (l: ReturnType<typeof line>): RowSpec => ({
      kind: 'item',
      values: [l.name, l.quantity, l.rate, l.amount],
    });
    if (withGas) rows.push({ kind: 'section', text: charges.sections[0] });
    rows.push(...power.map(asRow));
    if (withGas) rows.push({ kind: 'section', text: charges.sections[1] }, ...gas.map(asRow));
    c.addTable({
      asked: asked('charges: Charges|bill_lines: Bill lines|cost_breakdown: Cost breakdown'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('description: Description|charge: Charge|item: Item'),
          header: DESCRIPTION_COLUMN,
          type: 'string',
          weight: 4,
        },
        {
          asked: asked('quantity: Quantity|consumption: Consumption|units: Units'),
          header: QUANTITY_COLUMN,
          type: 'number',
          weight: 1.2,
        },
        { header: RATE, type: 'number', weight: 1.2, decimals: 4 },
        {
          asked: asked('amount: Amount|cost: Cost|charge_amount: Charge amount'),
          header: AMOUNT_COLUMN,
          type: 'currency',
          weight: 1.3,
        },
      ],
      rows,
    });
  },
};
