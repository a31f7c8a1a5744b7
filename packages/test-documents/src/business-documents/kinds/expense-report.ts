/**
 * An expense report: the employee, the report's number and date, the cost centre, the expenses
 * under their categories' headings, and the total claimed beside the advance already paid and the
 * amount still to reimburse.
 */
import type { Language } from '../../corpus/languages.js';
import { asked, type RowSpec } from '../compose.js';
import { personName } from '../words/people.js';
import { words } from '../words/phrasings.js';
import { AMOUNT_COLUMN, DATE_COLUMN, DESCRIPTION_COLUMN, EMPLOYEE } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, cents, code, company, letterhead, money, someDay } from './values.js';

const TITLE = words({
  en: 'EXPENSE REPORT|Expense Claim|Travel Expense Claim',
  de: 'REISEKOSTENABRECHNUNG|Spesenabrechnung|Auslagenerstattung',
  fr: 'NOTE DE FRAIS|Note de frais|État de frais de déplacement',
  nl: 'DECLARATIEFORMULIER|Onkostendeclaratie|Declaratie reiskosten',
  es: 'NOTA DE GASTOS|Liquidación de gastos|Hoja de gastos de viaje',
  it: 'NOTA SPESE|Rimborso spese|Nota spese trasferta',
  pt: 'RELATÓRIO DE DESPESAS|Nota de despesas|Mapa de despesas de deslocação',
});

const REPORT_NUMBER = words({
  en: 'Report No.|Claim Number|Claim Ref.',
  de: 'Abrechnungs-Nr.|Belegnummer|Antrag Nr.',
  fr: 'N° de note|Note n°|Référence de la note',
  nl: 'Declaratienummer|Declaratie nr.|Referentie declaratie',
  es: 'N.º de liquidación|Nota n.º|Referencia de la nota',
  it: 'N. nota spese|Nota n.|Riferimento nota',
  pt: 'N.º do relatório|Nota n.º|Referência da nota',
});

const SUBMITTED = words({
  en: 'Date Submitted|Submitted On|Claim Date',
  de: 'Abgabedatum|Eingereicht am|Einreichungsdatum',
  fr: 'Date de dépôt|Soumise le|Date de la note',
  nl: 'Ingediend op|Datum indiening|Declaratiedatum',
  es: 'Fecha de presentación|Presentada el|Fecha de la nota',
  it: 'Data presentazione|Presentata il|Data della nota',
  pt: 'Data de submissão|Submetido em|Data da nota',
});

const COST_CENTRE = words({
  en: 'Cost Centre|Cost Center|Charge To',
  de: 'Kostenstelle|KST|Zu belasten',
  fr: 'Centre de coût|Centre analytique|Imputation',
  nl: 'Kostenplaats|Kostencentrum|Ten laste van',
  es: 'Centro de coste|C. coste|Imputar a',
  it: 'Centro di costo|C.d.C.|Imputazione',
  pt: 'Centro de custo|C. custo|Imputar a',
});

const TOTAL_CLAIMED = words({
  en: 'Total Expenses|Total Claimed|Expenses Total',
  de: 'Summe Auslagen|Gesamtkosten|Summe der Ausgaben',
  fr: 'Total des frais|Total dépenses|Montant total des frais',
  nl: 'Totaal kosten|Totaal gedeclareerd|Som van de kosten',
  es: 'Total gastos|Total justificado|Importe total de gastos',
  it: 'Totale spese|Totale sostenuto|Importo complessivo spese',
  pt: 'Total de despesas|Total apresentado|Montante total das despesas',
});

const ADVANCE = words({
  en: 'Less Advance|Cash Advance|Advance Received',
  de: 'Abzüglich Vorschuss|Vorschuss|Erhaltener Vorschuss',
  fr: 'Avance perçue|Moins avance|Acompte reçu',
  nl: 'Voorschot|Min voorschot|Ontvangen voorschot',
  es: 'Anticipo recibido|Menos anticipo|Anticipo',
  it: 'Anticipo ricevuto|Meno anticipo|Acconto',
  pt: 'Adiantamento recebido|Menos adiantamento|Adiantamento',
});

const REIMBURSE = words({
  en: 'Amount to Reimburse|Balance Due to Employee|Net Reimbursement',
  de: 'Erstattungsbetrag|Auszuzahlen|Zu erstatten',
  fr: 'Montant à rembourser|Solde à rembourser|Net à rembourser',
  nl: 'Te vergoeden|Uit te betalen|Netto te vergoeden',
  es: 'Importe a reembolsar|A reembolsar|Saldo a favor del empleado',
  it: 'Importo da rimborsare|Da rimborsare|Saldo a favore del dipendente',
  pt: 'Valor a reembolsar|A reembolsar|Saldo a favor do colaborador',
});

const CATEGORY = words({
  en: 'Category|Type|Expense Type',
  de: 'Kategorie|Art|Kostenart',
  fr: 'Catégorie|Type|Nature de la dépense',
  nl: 'Categorie|Soort|Kostensoort',
  es: 'Categoría|Tipo|Tipo de gasto',
  it: 'Categoria|Tipo|Tipologia spesa',
  pt: 'Categoria|Tipo|Tipo de despesa',
});

/** Categories, each with expenses of its kind. */
const EXPENSES: Record<Language, [category: string, items: string[]][]> = {
  en: [
    ['Travel', ['Train ticket', 'Taxi to airport', 'Flight', 'Car hire', 'Parking']],
    ['Accommodation', ['Hotel, 2 nights', 'Hotel, 1 night']],
    ['Meals', ['Client dinner', 'Lunch', 'Breakfast']],
  ],
  de: [
    ['Fahrtkosten', ['Bahnfahrkarte', 'Taxi zum Flughafen', 'Flug', 'Mietwagen', 'Parkgebühr']],
    ['Übernachtung', ['Hotel, 2 Nächte', 'Hotel, 1 Nacht']],
    ['Verpflegung', ['Geschäftsessen', 'Mittagessen', 'Frühstück']],
  ],
  fr: [
    [
      'Transport',
      ['Billet de train', "Taxi pour l'aéroport", 'Vol', 'Location de voiture', 'Parking'],
    ],
    ['Hébergement', ['Hôtel, 2 nuits', 'Hôtel, 1 nuit']],
    ['Repas', ["Dîner d'affaires", 'Déjeuner', 'Petit-déjeuner']],
  ],
  nl: [
    ['Reiskosten', ['Treinkaartje', 'Taxi naar luchthaven', 'Vlucht', 'Huurauto', 'Parkeren']],
    ['Verblijf', ['Hotel, 2 nachten', 'Hotel, 1 nacht']],
    ['Maaltijden', ['Zakendiner', 'Lunch', 'Ontbijt']],
  ],
  es: [
    [
      'Desplazamientos',
      ['Billete de tren', 'Taxi al aeropuerto', 'Vuelo', 'Alquiler de coche', 'Aparcamiento'],
    ],
    ['Alojamiento', ['Hotel, 2 noches', 'Hotel, 1 noche']],
    ['Dietas', ['Cena con cliente', 'Almuerzo', 'Desayuno']],
  ],
  it: [
    ['Viaggi', ['Biglietto treno', 'Taxi per aeroporto', 'Volo', 'Noleggio auto', 'Parcheggio']],
    ['Alloggio', ['Hotel, 2 notti', 'Hotel, 1 notte']],
    ['Pasti', ['Cena con cliente', 'Pranzo', 'Colazione']],
  ],
  pt: [
    [
      'Deslocações',
      [
        'Bilhete de comboio',
        'Táxi para o aeroporto',
        'Voo',
        'Aluguer de viatura',
        'Estacionamento',
      ],
    ],
    ['Alojamento', ['Hotel, 2 noites', 'Hotel, 1 noite']],
    ['Refeições', ['Jantar com cliente', 'Almoço', 'Pequeno-almoço']],
  ],
};

export const expenseReport: KindDefinition = {
  id: 'expense_report',
  compose(c) {
    const { random, language } = c;
    const employer = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, employer);
    const start = someDay(random);
    const sectioned = random.chance(0.5);
    const rows: RowSpec[] = [];
    let total = 0;
    let day = 0;
    for (const [category, items] of EXPENSES[language]) {
      if (random.chance(0.2)) continue;
      const chosen = random.shuffle(items).slice(0, random.int(1, Math.min(3, items.length)));
      if (sectioned) rows.push({ kind: 'section', text: category });
      for (const item of chosen) {
        const amount = money(random, 6, 420);
        total = cents(total + amount);
        day += random.int(0, 1);
        rows.push({
          kind: 'item',
          values: sectioned
            ? [addDays(start, day), item, amount]
            : [addDays(start, day), category, item, amount],
        });
      }
    }
    if (!rows.some((r) => r.kind === 'item')) {
      const amount = money(random, 6, 420);
      total = amount;
      rows.push({
        kind: 'item',
        values: sectioned
          ? [start, EXPENSES[language][0]![1][0]!, amount]
          : [start, EXPENSES[language][0]![0], EXPENSES[language][0]![1][0]!, amount],
      });
    }
    const advance = random.chance(0.5) ? Math.min(total, random.pick([100, 200, 250, 500])) : 0;
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked('employee: Employee|claimant: Claimant|employee_name: Employee name'),
          EMPLOYEE,
          'string',
          personName(random, language),
        ),
      () =>
        c.field(
          asked(
            'report_number: Report number|claim_id: Claim ID|expense_report_no: Expense report no.',
          ),
          REPORT_NUMBER,
          'string',
          code(random, random.pick(['EXP-####-###', 'NF######', '##/####'])),
        ),
      () =>
        c.field(
          asked('submitted_date: Submitted date|claim_date: Claim date|date: Date'),
          SUBMITTED,
          'date',
          addDays(start, day + random.int(1, 12)),
        ),
      () =>
        c.field(
          asked(
            'cost_center: Cost center|cost_centre: Cost centre|department_code: Department code',
          ),
          COST_CENTRE,
          'string',
          code(random, random.pick(['CC-####', '####', 'KST ####'])),
        ),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('mileage_km: Mileage (km)|distance_km: Distance (km)'), 'number');
    c.field(
      asked(
        'total_expenses: Total expenses|total_claimed: Total claimed|expenses_total: Expenses total',
      ),
      TOTAL_CLAIMED,
      'currency',
      total,
      { place: 'totals' },
    );
    if (advance) c.decoy(ADVANCE, 'currency', advance, { place: 'totals' });
    c.field(
      asked(
        'amount_reimbursable: Amount reimbursable|reimbursement: Reimbursement|to_be_paid: To be paid',
        'What the company still owes the employee',
      ),
      REIMBURSE,
      'currency',
      cents(total - advance),
      { place: 'totals' },
    );
    const category = {
      asked: asked('category: Category|type: Type|expense_type: Expense type'),
      header: CATEGORY,
      type: 'string' as const,
      weight: 1.8,
    };
    c.addTable({
      asked: asked('expenses: Expenses|expense_lines: Expense lines|items: Items'),
      keyColumn: sectioned ? 1 : 2,
      columns: [
        {
          asked: asked('date: Date|expense_date: Expense date|when: When'),
          header: DATE_COLUMN,
          type: 'date',
          weight: 1.4,
        },
        ...(sectioned ? [] : [category]),
        {
          asked: asked('description: Description|details: Details|item: Item'),
          header: DESCRIPTION_COLUMN,
          type: 'string',
          weight: 3.4,
        },
        {
          asked: asked('amount: Amount|cost: Cost|sum: Sum'),
          header: AMOUNT_COLUMN,
          type: 'currency',
          weight: 1.3,
        },
      ],
      rows,
    });
  },
};
