/**
 * A payslip: the employer's letterhead, the employee and their number, the pay period as one range
 * and the pay date, gross pay beside total deductions, net pay and the year-to-date figures, and
 * the pay elements in one signed column or in earnings and deductions columns.
 */
import type { Language } from '../../corpus/languages.js';
import { asked, type RowSpec } from '../compose.js';
import { personName } from '../words/people.js';
import { words } from '../words/phrasings.js';
import { DESCRIPTION_COLUMN, EMPLOYEE, EMPLOYEE_NUMBER, PERIOD } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, cents, code, company, letterhead, money, monthOf, someDay } from './values.js';

const TITLE = words({
  en: 'PAYSLIP|Pay Statement|Earnings Statement',
  de: 'VERDIENSTABRECHNUNG|Lohnabrechnung|Gehaltsabrechnung',
  fr: 'BULLETIN DE PAIE|Bulletin de salaire|Fiche de paie',
  nl: 'LOONSTROOK|Salarisstrook|Loonspecificatie',
  es: 'NÓMINA|Recibo de salarios|Hoja de salario',
  it: 'BUSTA PAGA|Cedolino|Prospetto paga',
  pt: 'RECIBO DE VENCIMENTO|Recibo de salário|Folha de vencimento',
});

const PAY_DATE = words({
  en: 'Pay Date|Payment Date|Paid On',
  de: 'Auszahlungsdatum|Zahltag|Ausgezahlt am',
  fr: 'Date de paiement|Payé le|Date de versement',
  nl: 'Betaaldatum|Uitbetaald op|Datum uitbetaling',
  es: 'Fecha de pago|Pagado el|Fecha de abono',
  it: 'Data pagamento|Pagato il|Data di accredito',
  pt: 'Data de pagamento|Pago em|Data de processamento salarial',
});

const GROSS = words({
  en: 'Gross Pay|Total Gross|Gross Earnings',
  de: 'Gesamtbrutto|Bruttobezüge|Brutto-Verdienst',
  fr: 'Salaire brut|Total brut|Rémunération brute',
  nl: 'Brutoloon|Totaal bruto|Bruto salaris',
  es: 'Total devengado|Salario bruto|Importe bruto',
  it: 'Totale competenze|Retribuzione lorda|Lordo mensile',
  pt: 'Total ilíquido|Vencimento bruto|Remuneração ilíquida',
});

const DEDUCTIONS = words({
  en: 'Total Deductions|Deductions|Less Deductions',
  de: 'Summe Abzüge|Gesetzliche Abzüge|Abzüge gesamt',
  fr: 'Total des retenues|Cotisations salariales|Total retenues',
  nl: 'Totaal inhoudingen|Inhoudingen|Som inhoudingen',
  es: 'Total a deducir|Deducciones|Total deducciones',
  it: 'Totale trattenute|Trattenute|Ritenute totali',
  pt: 'Total de descontos|Descontos|Total descontado',
});

const NET = words({
  en: 'Net Pay|Take Home Pay|Amount Paid',
  de: 'Auszahlungsbetrag|Netto-Verdienst|Überweisungsbetrag',
  fr: 'Net à payer|Salaire net|Net versé',
  nl: 'Netto uit te betalen|Nettoloon|Netto salaris',
  es: 'Líquido a percibir|Salario neto|Neto a cobrar',
  it: 'Netto in busta|Netto a pagare|Netto del mese',
  pt: 'Líquido a receber|Vencimento líquido|Líquido pago',
});

const YTD_GROSS = words({
  en: 'Gross YTD|Year to Date Gross',
  de: 'Jahresbrutto kumuliert|Brutto lfd. Jahr',
  fr: 'Cumul brut annuel|Brut cumulé',
  nl: 'Cumulatief bruto|Bruto t/m deze periode',
  es: 'Acumulado bruto anual|Bruto acumulado',
  it: 'Imponibile progressivo|Lordo progressivo annuo',
  pt: 'Acumulado ilíquido|Ilíquido acumulado no ano',
});

const HIRE_DATE = words({
  en: 'Start Date|Date Joined',
  de: 'Eintrittsdatum|Eintritt',
  fr: "Date d'entrée|Entré le",
  nl: 'Datum in dienst|In dienst sinds',
  es: 'Fecha de alta|Antigüedad',
  it: 'Data assunzione|Assunto il',
  pt: 'Data de admissão|Admitido em',
});

const TAX_ID = words({
  en: 'NI Number|Tax Reference',
  de: 'Steuer-ID|Sozialversicherungsnummer',
  fr: 'N° de sécurité sociale|N° SS',
  nl: 'BSN|Burgerservicenummer',
  es: 'N.º afiliación S.S.|NAF',
  it: 'Codice fiscale|C.F.',
  pt: 'NIF|N.º contribuinte',
});

const EARNINGS = words({
  en: 'Earnings|Payments',
  de: 'Bezüge|Verdienst',
  fr: 'Gains|À payer',
  nl: 'Vergoedingen|Bruto',
  es: 'Devengos|Percepciones',
  it: 'Competenze|Spettanze',
  pt: 'Abonos|Remunerações',
});

const DEDUCTION_COLUMN = words({
  en: 'Deduction|Withheld',
  de: 'Abzüge|Einbehalt',
  fr: 'Retenues|À déduire',
  nl: 'Inhouding|Ingehouden',
  es: 'Deducciones|Retenciones',
  it: 'Trattenute|Ritenute',
  pt: 'Descontos|Retenções',
});

const AMOUNT = words({
  en: 'Amount|Current Period',
  de: 'Betrag|Betrag lfd. Monat',
  fr: 'Montant|Montant du mois',
  nl: 'Bedrag|Deze periode',
  es: 'Importe|Importe del mes',
  it: 'Importo|Importo mese',
  pt: 'Valor|Valor do mês',
});

const ELEMENTS: Record<Language, { earnings: string[]; deductions: string[] }> = {
  en: {
    earnings: ['Basic salary', 'Overtime', 'Bonus', 'Shift allowance'],
    deductions: ['Income tax', 'National Insurance', 'Pension contribution', 'Health insurance'],
  },
  de: {
    earnings: ['Grundgehalt', 'Überstunden', 'Prämie', 'Schichtzulage'],
    deductions: [
      'Lohnsteuer',
      'Rentenversicherung',
      'Krankenversicherung',
      'Arbeitslosenversicherung',
    ],
  },
  fr: {
    earnings: ['Salaire de base', 'Heures supplémentaires', 'Prime', 'Indemnité de transport'],
    deductions: [
      'Cotisation maladie',
      'Retraite complémentaire',
      'CSG déductible',
      'Prélèvement à la source',
    ],
  },
  nl: {
    earnings: ['Basissalaris', 'Overuren', 'Bonus', 'Reiskostenvergoeding'],
    deductions: ['Loonheffing', 'Pensioenpremie', 'Premie WW', 'Zorgverzekering'],
  },
  es: {
    earnings: ['Salario base', 'Horas extra', 'Plus de transporte', 'Paga extra'],
    deductions: ['Retención IRPF', 'Contingencias comunes', 'Desempleo', 'Formación profesional'],
  },
  it: {
    earnings: ['Retribuzione base', 'Straordinari', 'Superminimo', 'Premio'],
    deductions: ['Ritenuta IRPEF', 'Contributi INPS', 'Addizionale regionale', 'Fondo pensione'],
  },
  pt: {
    earnings: ['Vencimento base', 'Horas extraordinárias', 'Subsídio de alimentação', 'Prémio'],
    deductions: ['Retenção IRS', 'Segurança Social', 'Seguro de saúde', 'Fundo de pensões'],
  },
};

export const payslip: KindDefinition = {
  id: 'payslip',
  compose(c) {
    const { random, language } = c;
    const employer = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, employer);
    const { first, last } = monthOf(someDay(random));
    const elements = ELEMENTS[language];
    const earnings = [
      [elements.earnings[0]!, money(random, 1800, 6500)] as const,
      ...random
        .shuffle(elements.earnings.slice(1))
        .slice(0, random.int(0, 2))
        .map((name) => [name, money(random, 40, 900)] as const),
    ];
    const gross = cents(earnings.reduce((s, [, v]) => s + v, 0));
    const deductions = random
      .shuffle(elements.deductions)
      .slice(0, random.int(2, 4))
      .map((name) => [name, cents(gross * (random.int(15, 120) / 1000))] as const);
    const deducted = cents(deductions.reduce((s, [, v]) => s + v, 0));
    const month = Number(first.slice(5, 7));
    const employee = personName(random, language);
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked('employee_name: Employee name|employee: Employee|staff_member: Staff member'),
          EMPLOYEE,
          'string',
          employee,
        ),
      () =>
        c.field(
          asked('employee_id: Employee ID|staff_number: Staff number|payroll_id: Payroll ID'),
          EMPLOYEE_NUMBER,
          'string',
          code(random, random.pick(['######', 'E-#####', '##-####'])),
        ),
      () =>
        c.period(
          asked('period_start: Period start|pay_period_from: Pay period from|from: From'),
          asked('period_end: Period end|pay_period_to: Pay period to|to: To'),
          PERIOD,
          first,
          last,
        ),
      () =>
        c.field(
          asked('pay_date: Pay date|payment_date: Payment date|paid_on: Paid on'),
          PAY_DATE,
          'date',
          addDays(last, -random.int(0, 3)),
        ),
      () => c.decoy(HIRE_DATE, 'date', addDays(first, -random.int(200, 4000))),
      () =>
        c.decoy(
          TAX_ID,
          'string',
          code(random, random.pick(['AA ## ## ## A', '## ### ### ###', '#########'])),
        ),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('hourly_rate: Hourly rate|rate_per_hour: Rate per hour'), 'currency');
    const sums: (() => void)[] = [
      () =>
        c.field(
          asked(
            'gross_salary: Gross salary|gross_pay: Gross pay|total_gross: Total gross',
            'Pay before deductions',
          ),
          GROSS,
          'currency',
          gross,
          { place: 'totals' },
        ),
      () =>
        c.field(
          asked(
            'total_deductions: Total deductions|deductions: Deductions|withholdings: Withholdings',
          ),
          DEDUCTIONS,
          'currency',
          deducted,
          { place: 'totals' },
        ),
      () => c.decoy(YTD_GROSS, 'currency', cents(gross * month), { place: 'totals' }),
    ];
    for (const add of random.shuffle(sums)) add();
    c.field(
      asked(
        'net_pay: Net pay|net_salary: Net salary|take_home: Take-home pay',
        'Amount paid to the employee',
      ),
      NET,
      'currency',
      cents(gross - deducted),
      { place: 'totals' },
    );

    const twoColumns = random.chance(0.5);
    const rows: RowSpec[] = [
      ...earnings.map(([name, value]) => ({
        kind: 'item' as const,
        values: twoColumns ? [name, value, null] : [name, value],
      })),
      ...deductions.map(([name, value]) => ({
        kind: 'item' as const,
        values: twoColumns ? [name, null, value] : [name, -value],
      })),
    ];
    const element = {
      asked: asked('item: Item|pay_element: Pay element|description: Description'),
      header: DESCRIPTION_COLUMN,
      type: 'string' as const,
      weight: 4,
    };
    c.addTable({
      asked: asked(
        'pay_items: Pay items|earnings_and_deductions: Earnings and deductions|lines: Lines',
      ),
      keyColumn: 0,
      columns: twoColumns
        ? [
            element,
            {
              asked: asked('earnings: Earnings|payment: Payment|earned: Earned'),
              header: EARNINGS,
              type: 'currency',
              weight: 1.4,
            },
            {
              asked: asked('deduction: Deduction|withheld: Withheld|deducted: Deducted'),
              header: DEDUCTION_COLUMN,
              type: 'currency',
              weight: 1.4,
            },
          ]
        : [
            element,
            {
              asked: asked('amount: Amount|value: Value|sum: Sum'),
              header: AMOUNT,
              type: 'currency',
              weight: 1.6,
            },
          ],
      rows,
    });
  },
};
