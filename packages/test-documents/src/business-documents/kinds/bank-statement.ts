/**
 * A bank statement: the account holder's block, the IBAN beside the bank's BIC, a period printed as
 * one range, opening and closing balances beside the period's debits and credits, and the
 * transactions between a brought-forward and a carried-forward row, in debit and credit columns
 * or in one signed column.
 */
import type { Language } from '../../corpus/languages.js';
import { iban } from '../../corpus/countries.js';
import { asked, type RowSpec } from '../compose.js';
import { everywhere, words } from '../words/phrasings.js';
import {
  BROUGHT_FORWARD,
  CARRIED_FORWARD,
  DATE_COLUMN,
  DESCRIPTION_COLUMN,
} from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, cents, code, company, money, monthOf, someDay } from './values.js';

const TITLE = words({
  en: 'STATEMENT OF ACCOUNT|Bank Statement|Account Statement',
  de: 'KONTOAUSZUG|Kontoauszug|Auszug Girokonto',
  fr: 'RELEVÉ DE COMPTE|Relevé de compte|Extrait de compte',
  nl: 'REKENINGAFSCHRIFT|Rekeningoverzicht|Dagafschrift',
  es: 'EXTRACTO DE CUENTA|Extracto bancario|Extracto de movimientos',
  it: 'ESTRATTO CONTO|Estratto conto corrente|Lista movimenti',
  pt: 'EXTRATO DE CONTA|Extrato bancário|Extrato de movimentos',
});

const HOLDER = words({
  en: 'Account Holder|Account Name|Name of Account Holder',
  de: 'Kontoinhaber|Inhaber|Name des Kontoinhabers',
  fr: 'Titulaire du compte|Titulaire|Au nom de',
  nl: 'Rekeninghouder|Ten name van|Naam rekeninghouder',
  es: 'Titular de la cuenta|Titular|A nombre de',
  it: 'Intestatario del conto|Intestato a|Titolare del conto',
  pt: 'Titular da conta|Titular|Em nome de',
});

const ACCOUNT_NUMBER = words({
  en: 'Account Number|Account No.|Acct. No.',
  de: 'Kontonummer|Konto-Nr.|Konto',
  fr: 'Numéro de compte|N° de compte|Compte n°',
  nl: 'Rekeningnummer|Rekening nr.|Rekening',
  es: 'Número de cuenta|N.º de cuenta|Cuenta',
  it: 'Numero conto|Conto n.|C/C n.',
  pt: 'Número de conta|N.º de conta|Conta n.º',
});

const IBAN = everywhere('IBAN|IBAN No.|IBAN Code');

const BIC = everywhere('BIC|SWIFT');

const STATEMENT_DATE = words({
  en: 'Statement Date|Date of Statement|Statement Produced',
  de: 'Auszugsdatum|Datum des Auszugs|Erstellungsdatum',
  fr: 'Date du relevé|Relevé du|Arrêté au',
  nl: 'Datum afschrift|Afschriftdatum|Aanmaakdatum',
  es: 'Fecha del extracto|Fecha de emisión del extracto|Extracto a fecha',
  it: 'Data estratto|Estratto al|Data di elaborazione',
  pt: 'Data do extrato|Extrato de|Data de processamento',
});

const STATEMENT_PERIOD = words({
  en: 'Statement Period|Period Covered|Transactions From',
  de: 'Auszugszeitraum|Buchungszeitraum|Umsätze vom',
  fr: 'Période du relevé|Période couverte|Opérations du',
  nl: 'Afschriftperiode|Periode|Mutaties van',
  es: 'Periodo del extracto|Periodo|Movimientos del',
  it: 'Periodo di riferimento|Periodo estratto|Movimenti dal',
  pt: 'Período do extrato|Período|Movimentos de',
});

const OPENING = words({
  en: 'Opening Balance|Balance at Start|Start Balance',
  de: 'Anfangssaldo|Alter Kontostand|Saldo alt',
  fr: 'Solde initial|Ancien solde|Solde de début de période',
  nl: 'Beginsaldo|Vorig saldo|Saldo begin periode',
  es: 'Saldo inicial|Saldo anterior|Saldo al inicio',
  it: 'Saldo iniziale|Saldo precedente|Saldo di apertura',
  pt: 'Saldo inicial|Saldo anterior|Saldo de abertura',
});

const CLOSING = words({
  en: 'Closing Balance|Balance at End|End Balance',
  de: 'Endsaldo|Neuer Kontostand|Saldo neu',
  fr: 'Solde final|Nouveau solde|Solde de fin de période',
  nl: 'Eindsaldo|Nieuw saldo|Saldo einde periode',
  es: 'Saldo final|Saldo actual|Saldo al cierre',
  it: 'Saldo finale|Saldo contabile finale|Saldo di chiusura',
  pt: 'Saldo final|Saldo atual|Saldo de fecho',
});

const TOTAL_DEBITS = words({
  en: 'Total Debits|Payments Out',
  de: 'Summe Soll|Belastungen gesamt',
  fr: 'Total débit|Total des débits',
  nl: 'Totaal af|Totaal debet',
  es: 'Total cargos|Total debe',
  it: 'Totale addebiti|Totale dare',
  pt: 'Total débitos|Total a débito',
});

const TOTAL_CREDITS = words({
  en: 'Total Credits|Payments In',
  de: 'Summe Haben|Gutschriften gesamt',
  fr: 'Total crédit|Total des crédits',
  nl: 'Totaal bij|Totaal credit',
  es: 'Total abonos|Total haber',
  it: 'Totale accrediti|Totale avere',
  pt: 'Total créditos|Total a crédito',
});

const DEBIT = words({
  en: 'Debit|Paid Out|Withdrawals',
  de: 'Soll|Belastung|Lastschrift',
  fr: 'Débit|Débits|Sorties',
  nl: 'Af|Debet|Afschrijving',
  es: 'Cargo|Debe|Cargos',
  it: 'Dare|Addebiti|Uscite',
  pt: 'Débito|A débito|Saídas',
});

const CREDIT = words({
  en: 'Credit|Paid In|Deposits',
  de: 'Haben|Gutschrift|Gutschriften',
  fr: 'Crédit|Crédits|Entrées',
  nl: 'Bij|Credit|Bijschrijving',
  es: 'Abono|Haber|Abonos',
  it: 'Avere|Accrediti|Entrate',
  pt: 'Crédito|A crédito|Entradas',
});

const SIGNED_AMOUNT = words({
  en: 'Amount|Amount (+/-)|Transaction Amount',
  de: 'Betrag|Umsatz|Betrag EUR',
  fr: 'Montant|Montant (+/-)|Mouvement',
  nl: 'Bedrag|Mutatie|Bedrag (+/-)',
  es: 'Importe|Importe (+/-)|Movimiento',
  it: 'Importo|Importo (+/-)|Movimento',
  pt: 'Montante|Valor|Movimento',
});

const BALANCE = words({
  en: 'Balance|Running Balance|Balance After',
  de: 'Saldo|Kontostand|Saldo danach',
  fr: 'Solde|Solde progressif|Solde après opération',
  nl: 'Saldo|Saldo na mutatie|Lopend saldo',
  es: 'Saldo|Saldo tras movimiento|Saldo disponible',
  it: 'Saldo|Saldo progressivo|Saldo dopo operazione',
  pt: 'Saldo|Saldo após movimento|Saldo contabilístico',
});

const VALUE_DATE = words({
  en: 'Value Date|Val. Date',
  de: 'Wert|Valuta',
  fr: 'Date de valeur|Date valeur',
  nl: 'Valutadatum|Valuta',
  es: 'Fecha valor|F. valor',
  it: 'Data valuta|Valuta',
  pt: 'Data valor|Dt. valor',
});

const BANKS: Record<Language, string[]> = {
  en: ['Northgate Bank plc', 'Harbour Savings Bank', 'Redwood Building Society'],
  de: ['Stadtsparkasse Mittelland', 'Volksbank Rheintal eG', 'Nordbank AG'],
  fr: ["Banque Régionale de l'Ouest", 'Crédit Mutuel du Lac', 'Caisse Alpine de Crédit'],
  nl: ['Noordelijke Spaarbank N.V.', 'Rijnland Bank N.V.', 'Zeeuwse Bank'],
  es: ['Banco del Levante', 'Caja Rural del Duero', 'Banco Cantábrico'],
  it: ['Banca Popolare del Lario', 'Cassa di Risparmio di Valdarno', 'Banca Adriatica'],
  pt: ['Banco Atlântico', 'Caixa de Crédito do Minho', 'Banco Lusitano'],
};

/** Transaction texts: a kind of booking, then a counterparty, with a reference to tell them apart. */
const BOOKINGS: Record<Language, string[]> = {
  en: [
    'Card payment',
    'Direct debit',
    'Transfer from',
    'Transfer to',
    'Standing order',
    'Cash withdrawal',
  ],
  de: [
    'Kartenzahlung',
    'Lastschrift',
    'Gutschrift von',
    'Überweisung an',
    'Dauerauftrag',
    'Bargeldauszahlung',
  ],
  fr: [
    'Paiement carte',
    'Prélèvement',
    'Virement reçu de',
    'Virement émis vers',
    'Virement permanent',
    'Retrait DAB',
  ],
  nl: [
    'Betaalautomaat',
    'Incasso',
    'Overboeking van',
    'Overboeking naar',
    'Periodieke overboeking',
    'Geldopname',
  ],
  es: [
    'Pago con tarjeta',
    'Recibo domiciliado',
    'Transferencia de',
    'Transferencia a',
    'Orden permanente',
    'Reintegro cajero',
  ],
  it: [
    'Pagamento POS',
    'Addebito SDD',
    'Bonifico da',
    'Bonifico a',
    'Ordine permanente',
    'Prelievo bancomat',
  ],
  pt: [
    'Pagamento cartão',
    'Débito direto',
    'Transferência de',
    'Transferência para',
    'Ordem permanente',
    'Levantamento ATM',
  ],
};
const COUNTERPARTIES = [
  'KESTREL MARKET',
  'CITY ENERGY',
  'NORDWIND LOGISTIK',
  'OAKFIELD RENT',
  'TELCO PLUS',
  'CAFE CENTRAL',
  'HOLLOWAY J',
  'MERCIER SAS',
  'ROSSI SRL',
  'SILVA LDA',
];

export const bankStatement: KindDefinition = {
  id: 'bank_statement',
  compose(c) {
    const { random, language } = c;
    const bank = random.pick(BANKS[language]);
    const holder = company(c);
    c.title = c.say(TITLE);
    c.issuer = [
      bank,
      company(c).address.join(', '),
      `BIC ${code(random, 'AAAA')}${c.country.ibanCountry ?? c.country.code}${code(random, 'AA')}`,
    ];
    c.party(
      asked('account_holder: Account holder|customer_name: Customer name|holder: Holder'),
      HOLDER,
      [holder.name, ...holder.address],
    );
    const { first, last } = monthOf(someDay(random));
    const opening = money(random, -800, 25000);
    const bookings = Array.from({ length: random.int(4, 10) }, (_, i) => {
      // incoming transfers are a third of the bookings, every other kind takes money out
      const kind = random.chance(0.33) ? 2 : random.pick([0, 1, 3, 4, 5]);
      const credit = kind === 2;
      const amount = credit ? money(random, 50, 6000) : money(random, 3, 1800);
      return {
        date: addDays(first, Math.min(27, Math.round(((i + 1) * 27) / 11) + random.int(0, 1))),
        text: `${BOOKINGS[language][kind]} ${random.pick(COUNTERPARTIES)} ${code(random, '######')}`,
        debit: credit ? null : amount,
        credit: credit ? amount : null,
      };
    });
    let balance = opening;
    const withBalance = bookings.map((b) => {
      balance = cents(balance + (b.credit ?? 0) - (b.debit ?? 0));
      return { ...b, balance };
    });
    const closing = balance;
    const debits = cents(bookings.reduce((s, b) => s + (b.debit ?? 0), 0));
    const credits = cents(bookings.reduce((s, b) => s + (b.credit ?? 0), 0));

    const account = iban(random, c.country);
    const fields: (() => void)[] = [
      () =>
        account
          ? c.field(
              asked('iban: IBAN|account_iban: Account IBAN|bank_account: Bank account'),
              IBAN,
              'string',
              account,
            )
          : c.field(
              asked(
                'account_number: Account number|account_no: Account no.|bank_account: Bank account',
              ),
              ACCOUNT_NUMBER,
              'string',
              code(random, '########'),
            ),
      () => (account ? c.decoy(BIC, 'string', c.issuer[2]!.slice(4)) : undefined),
      () =>
        c.field(
          asked('statement_date: Statement date|date: Date|issued_on: Issued on'),
          STATEMENT_DATE,
          'date',
          addDays(last, random.int(1, 3)),
        ),
      () =>
        c.period(
          asked('period_start: Period start|from_date: From date|start_date: Start of period'),
          asked('period_end: Period end|to_date: To date|end_date: End of period'),
          STATEMENT_PERIOD,
          first,
          last,
        ),
      () =>
        c.field(
          asked(
            'opening_balance: Opening balance|starting_balance: Starting balance|previous_balance: Previous balance',
          ),
          OPENING,
          'currency',
          opening,
        ),
      () =>
        c.field(
          asked(
            'closing_balance: Closing balance|ending_balance: Ending balance|new_balance: New balance',
            'Balance at the end of the period',
          ),
          CLOSING,
          'currency',
          closing,
        ),
      () => c.decoy(TOTAL_DEBITS, 'currency', debits),
      () => c.decoy(TOTAL_CREDITS, 'currency', credits),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('overdraft_limit: Overdraft limit|credit_line: Credit line'), 'currency');

    const signed = random.chance(0.4);
    const valueDates = random.chance(0.4);
    const description = {
      asked: asked('description: Description|details: Details|narrative: Narrative'),
      header: DESCRIPTION_COLUMN,
      type: 'string' as const,
      weight: 4,
    };
    const date = {
      asked: asked('date: Date|booking_date: Booking date|posted: Posted'),
      header: DATE_COLUMN,
      type: 'date' as const,
      weight: 1.3,
    };
    const value = { header: VALUE_DATE, type: 'date' as const, weight: 1.3 };
    const running = {
      asked: asked(
        'balance: Balance|running_balance: Running balance|balance_after: Balance after',
      ),
      header: BALANCE,
      type: 'currency' as const,
      weight: 1.4,
    };
    const blank = (n: number) => Array.from({ length: n }, () => null);
    const rows: RowSpec[] = [];
    const leading = valueDates ? 3 : 2;
    const carry = (label: string, amount: number) =>
      ({
        kind: 'carry',
        values: [null, ...(valueDates ? [null] : []), label, ...blank(signed ? 1 : 2), amount],
      }) as RowSpec;
    rows.push(carry(c.say(BROUGHT_FORWARD), opening));
    for (const b of withBalance) {
      const head = [b.date, ...(valueDates ? [addDays(b.date, random.int(0, 2))] : []), b.text];
      const figures = signed ? [b.credit ?? -(b.debit ?? 0)] : [b.debit, b.credit];
      rows.push({ kind: 'item', values: [...head, ...figures, b.balance] });
    }
    rows.push(carry(c.say(CARRIED_FORWARD), closing));
    c.addTable({
      asked: asked(
        'transactions: Transactions|statement_lines: Statement lines|movements: Movements',
      ),
      keyColumn: leading - 1,
      columns: [
        date,
        ...(valueDates ? [value] : []),
        description,
        ...(signed
          ? [
              {
                asked: asked('amount: Amount|transaction_amount: Transaction amount|value: Value'),
                header: SIGNED_AMOUNT,
                type: 'currency' as const,
                weight: 1.4,
              },
            ]
          : [
              {
                asked: asked('debit: Debit|money_out: Money out|withdrawal: Withdrawal'),
                header: DEBIT,
                type: 'currency' as const,
                weight: 1.3,
              },
              {
                asked: asked('credit: Credit|money_in: Money in|deposit: Deposit'),
                header: CREDIT,
                type: 'currency' as const,
                weight: 1.3,
              },
            ]),
        running,
      ],
      rows,
    });
  },
};
