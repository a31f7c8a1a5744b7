/**
 * A weekly timesheet: the employee and their number, the week as one range, the project and the
 * client, regular hours beside overtime and the total, who approved it and whether it is approved,
 * and a row per working day.
 */
import type { Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { personName } from '../words/people.js';
import { words } from '../words/phrasings.js';
import { APPROVED_BY, DATE_COLUMN, EMPLOYEE, EMPLOYEE_NUMBER } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, days, letterhead, someDay } from './values.js';

const TITLE = words({
  en: 'TIMESHEET|Weekly Timesheet|Time Record',
  de: 'STUNDENZETTEL|Stundennachweis|Arbeitszeitnachweis',
  fr: "FEUILLE DE TEMPS|Relevé d'heures|Feuille de présence",
  nl: 'URENSTAAT|Urenbriefje|Urenverantwoording',
  es: 'PARTE DE HORAS|Hoja de horas|Registro de jornada',
  it: 'FOGLIO ORE|Rapportino ore|Registro presenze',
  pt: 'FOLHA DE HORAS|Registo de horas|Mapa de horas',
});

const WEEK = words({
  en: 'Week|Week Commencing|Week Of',
  de: 'Kalenderwoche|Woche|Zeitraum der Woche',
  fr: 'Semaine|Semaine du|Période hebdomadaire',
  nl: 'Week|Weekperiode|Week van',
  es: 'Semana|Semana del|Periodo semanal',
  it: 'Settimana|Settimana dal|Periodo settimanale',
  pt: 'Semana|Semana de|Período semanal',
});

const PROJECT = words({
  en: 'Project|Assignment|Job',
  de: 'Projekt|Auftrag|Einsatz',
  fr: 'Projet|Mission|Affaire',
  nl: 'Project|Opdracht|Klus',
  es: 'Proyecto|Obra|Encargo',
  it: 'Progetto|Commessa|Incarico',
  pt: 'Projeto|Obra|Trabalho',
});

const CLIENT = words({
  en: 'Client|Customer Site',
  de: 'Kunde|Einsatzort',
  fr: 'Client|Site client',
  nl: 'Klant|Locatie klant',
  es: 'Cliente|Centro de trabajo',
  it: 'Cliente|Sede cliente',
  pt: 'Cliente|Local do cliente',
});

const REGULAR = words({
  en: 'Regular Hours|Normal Hours',
  de: 'Normalstunden|Regelarbeitszeit',
  fr: 'Heures normales|Heures ordinaires',
  nl: 'Normale uren|Reguliere uren',
  es: 'Horas ordinarias|Horas normales',
  it: 'Ore ordinarie|Ore normali',
  pt: 'Horas normais|Horas regulares',
});

const OVERTIME = words({
  en: 'Overtime Hours|Overtime|OT Hours',
  de: 'Überstunden|Mehrarbeit|Überstunden gesamt',
  fr: 'Heures supplémentaires|Heures sup.|Total heures sup.',
  nl: 'Overuren|Overwerk|Totaal overuren',
  es: 'Horas extra|Horas extraordinarias|Total horas extra',
  it: 'Ore straordinarie|Straordinari|Totale straordinario',
  pt: 'Horas extra|Horas suplementares|Total horas extra',
});

const TOTAL_HOURS = words({
  en: 'Total Hours|Hours Worked|Total Time',
  de: 'Gesamtstunden|Stunden gesamt|Summe Arbeitszeit',
  fr: 'Total heures|Heures travaillées|Temps total',
  nl: 'Totaal uren|Gewerkte uren|Totale tijd',
  es: 'Total horas|Horas trabajadas|Tiempo total',
  it: 'Totale ore|Ore lavorate|Tempo totale',
  pt: 'Total de horas|Horas trabalhadas|Tempo total',
});

const APPROVED = words({
  en: 'Approved|Manager Approval|Signed Off',
  de: 'Genehmigt|Freigabe|Abgezeichnet',
  fr: 'Approuvé|Validation|Visé',
  nl: 'Goedgekeurd|Akkoord manager|Afgetekend',
  es: 'Aprobado|Conformidad|Visado',
  it: 'Approvato|Approvazione|Vistato',
  pt: 'Aprovado|Aprovação|Visado',
});

const TASK = words({
  en: 'Task|Activity|Work Performed',
  de: 'Tätigkeit|Aufgabe|Ausgeführte Arbeiten',
  fr: 'Tâche|Activité|Travaux réalisés',
  nl: 'Taak|Activiteit|Uitgevoerd werk',
  es: 'Tarea|Actividad|Trabajo realizado',
  it: 'Attività|Mansione|Lavoro svolto',
  pt: 'Tarefa|Atividade|Trabalho realizado',
});

const HOURS = words({
  en: 'Hours|Hrs|Time (h)',
  de: 'Stunden|Std.|Zeit (h)',
  fr: 'Heures|H|Durée (h)',
  nl: 'Uren|U.|Tijd (u)',
  es: 'Horas|H.|Tiempo (h)',
  it: 'Ore|H|Tempo (h)',
  pt: 'Horas|H|Tempo (h)',
});

const TASKS: Record<Language, string[]> = {
  en: [
    'Site survey',
    'Client meeting',
    'Design review',
    'Installation',
    'Testing and commissioning',
    'Documentation',
    'Travel to site',
  ],
  de: [
    'Bestandsaufnahme vor Ort',
    'Kundentermin',
    'Entwurfsprüfung',
    'Montage',
    'Inbetriebnahme',
    'Dokumentation',
    'Anfahrt',
  ],
  fr: [
    'Relevé sur site',
    'Réunion client',
    'Revue de conception',
    'Installation',
    'Essais et mise en service',
    'Documentation',
    'Déplacement',
  ],
  nl: [
    'Opname op locatie',
    'Overleg klant',
    'Ontwerpreview',
    'Installatie',
    'Testen en opleveren',
    'Documentatie',
    'Reistijd',
  ],
  es: [
    'Visita de obra',
    'Reunión con cliente',
    'Revisión de diseño',
    'Instalación',
    'Pruebas y puesta en marcha',
    'Documentación',
    'Desplazamiento',
  ],
  it: [
    'Sopralluogo',
    'Riunione cliente',
    'Revisione progetto',
    'Installazione',
    'Collaudo',
    'Documentazione',
    'Trasferta',
  ],
  pt: [
    'Visita ao local',
    'Reunião com cliente',
    'Revisão do projeto',
    'Instalação',
    'Testes e arranque',
    'Documentação',
    'Deslocação',
  ],
};

const PROJECTS = [
  'Harbour Lights',
  'Northgate Retrofit',
  'Atlas ERP',
  'Blue Delta',
  'Linea Verde',
  'Porto Novo',
  'Rhine Bridge',
];

export const timesheet: KindDefinition = {
  id: 'timesheet',
  compose(c) {
    const { random, language } = c;
    const employer = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, employer);
    const day = someDay(random);
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    const workdays = days(monday, random.pick([5, 5, 6]));
    const entries = workdays.map(
      (date) =>
        [date, random.pick(TASKS[language]), random.pick([4, 6, 7.5, 8, 8, 8.5, 9, 10])] as const,
    );
    const total = entries.reduce((s, [, , h]) => s + h, 0);
    const regular = Math.min(total, random.pick([37.5, 38, 40]));
    const overtime = Math.round((total - regular) * 100) / 100;
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked('employee: Employee|employee_name: Employee name|worker: Worker'),
          EMPLOYEE,
          'string',
          personName(random, language),
        ),
      () => c.decoy(EMPLOYEE_NUMBER, 'string', code(random, '#####')),
      () =>
        c.period(
          asked('week_start: Week start|from: From|period_start: Period start'),
          asked('week_end: Week ending|to: To|period_end: Period end'),
          WEEK,
          workdays[0]!,
          workdays[workdays.length - 1]!,
        ),
      () =>
        c.field(
          asked('project: Project|project_name: Project name|job: Job'),
          PROJECT,
          'string',
          random.pick(PROJECTS),
        ),
      () => c.decoy(CLIENT, 'string', company(c).name),
      () =>
        c.field(
          asked('approved_by: Approved by|approver: Approver|manager: Manager'),
          APPROVED_BY,
          'string',
          personName(random, language),
        ),
      () =>
        random.chance(0.5)
          ? c.field(
              asked('approved: Approved|is_approved: Is approved|signed_off: Signed off'),
              APPROVED,
              'boolean',
              random.chance(0.7),
            )
          : undefined,
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('hourly_rate: Hourly rate|billing_rate: Billing rate'), 'currency');
    c.decoy(REGULAR, 'number', regular, { place: 'totals' });
    if (random.chance(0.6))
      c.field(
        asked('overtime_hours: Overtime hours|overtime: Overtime|extra_hours: Extra hours'),
        OVERTIME,
        'number',
        overtime,
        { place: 'totals' },
      );
    else c.decoy(OVERTIME, 'number', overtime, { place: 'totals' });
    c.field(
      asked(
        'total_hours: Total hours|hours_worked: Hours worked|hours: Hours',
        'All hours of the week',
      ),
      TOTAL_HOURS,
      'number',
      total,
      { place: 'totals' },
    );
    c.addTable({
      asked: asked('days: Days|time_entries: Time entries|entries: Entries'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('date: Date|day: Day|work_date: Work date'),
          header: DATE_COLUMN,
          type: 'date',
          weight: 1.5,
        },
        {
          asked: asked('task: Task|activity: Activity|description: Description'),
          header: TASK,
          type: 'string',
          weight: 4,
        },
        {
          asked: asked('hours: Hours|time: Time|duration: Duration'),
          header: HOURS,
          type: 'number',
          weight: 1,
        },
      ],
      rows: entries.map((values) => ({ kind: 'item', values: [...values] })),
    });
  },
};
