/**
 * A laboratory report: the patient's name, number and date of birth beside the sample's number
 * and the dates it was collected, received and reported, the requesting physician, and the
 * results grouped under section headings with their units and reference ranges.
 */
import type { Language } from '../../corpus/languages.js';
import { asked, type RowSpec } from '../compose.js';
import { personName } from '../words/people.js';
import { words } from '../words/phrasings.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, letterhead, someDay } from './values.js';

const TITLE = words({
  en: 'LABORATORY REPORT|Test Results|Pathology Report',
  de: 'LABORBEFUND|Befundbericht|Laborergebnisse',
  fr: "COMPTE RENDU D'ANALYSES|Résultats d'analyses|Analyses de biologie médicale",
  nl: 'LABORATORIUMUITSLAG|Uitslagen|Laboratoriumrapport',
  es: 'INFORME DE LABORATORIO|Resultados analíticos|Informe analítico',
  it: 'REFERTO DI LABORATORIO|Esami di laboratorio|Referto analisi',
  pt: 'RELATÓRIO DE ANÁLISES|Resultados laboratoriais|Boletim de análises',
});

const PATIENT = words({
  en: 'Patient|Patient Name|Name',
  de: 'Patient|Name des Patienten|Patient/in',
  fr: 'Patient|Nom du patient|Patient(e)',
  nl: 'Patiënt|Naam patiënt|Naam',
  es: 'Paciente|Nombre del paciente|Nombre',
  it: 'Paziente|Cognome e nome|Nominativo',
  pt: 'Utente|Nome do utente|Doente',
});

const PATIENT_ID = words({
  en: 'Patient ID|MRN|Hospital No.',
  de: 'Patienten-Nr.|Patienten-ID|Fallnummer',
  fr: 'N° patient|IPP|Identifiant patient',
  nl: 'Patiëntnummer|Patiënt-ID|Dossiernummer',
  es: 'N.º de historia|NHC|ID paciente',
  it: 'ID paziente|Codice paziente|N. cartella',
  pt: 'N.º de utente|N.º processo|ID do doente',
});

const BIRTH_DATE = words({
  en: 'Date of Birth|DOB|Born',
  de: 'Geburtsdatum|Geb.-Datum|Geboren am',
  fr: 'Date de naissance|Né(e) le|Naissance',
  nl: 'Geboortedatum|Geb. datum|Geboren op',
  es: 'Fecha de nacimiento|F. nacimiento|Nacido el',
  it: 'Data di nascita|Nato il|Nascita',
  pt: 'Data de nascimento|Data nasc.|Nascido em',
});

const COLLECTED = words({
  en: 'Collected|Collection Date|Specimen Taken',
  de: 'Entnahmedatum|Probenentnahme|Abgenommen am',
  fr: 'Date de prélèvement|Prélevé le|Prélèvement du',
  nl: 'Afnamedatum|Afgenomen op|Datum afname',
  es: 'Fecha de extracción|Extracción|Muestra tomada el',
  it: 'Data prelievo|Prelievo del|Prelevato il',
  pt: 'Data de colheita|Colheita|Colhido em',
});

const RECEIVED = words({
  en: 'Received|Date Received',
  de: 'Eingang|Eingangsdatum',
  fr: 'Réception|Reçu le',
  nl: 'Ontvangen|Datum ontvangst',
  es: 'Recepción|Recibido el',
  it: 'Accettazione|Ricevuto il',
  pt: 'Receção|Recebido em',
});

const REPORTED = words({
  en: 'Report Date|Reported|Date Authorised',
  de: 'Befunddatum|Befundet am|Befund vom',
  fr: 'Date du compte rendu|Édité le|Validé le',
  nl: 'Rapportdatum|Uitslag van|Geautoriseerd op',
  es: 'Fecha del informe|Informado el|Validado el',
  it: 'Data referto|Refertato il|Validato il',
  pt: 'Data do relatório|Emitido em|Validado em',
});

const PHYSICIAN = words({
  en: 'Requesting Physician|Referring Doctor|Requested By',
  de: 'Einsender|Überweisender Arzt|Auftraggebender Arzt',
  fr: 'Médecin prescripteur|Prescripteur|Demandé par',
  nl: 'Aanvrager|Aanvragend arts|Huisarts',
  es: 'Médico solicitante|Solicitado por|Facultativo',
  it: 'Medico richiedente|Richiesto da|Medico curante',
  pt: 'Médico requisitante|Requisitado por|Médico assistente',
});

const SAMPLE = words({
  en: 'Sample No.|Lab No.',
  de: 'Proben-Nr.|Labornummer',
  fr: "N° d'échantillon|N° de dossier labo",
  nl: 'Monsternummer|Labnummer',
  es: 'N.º de muestra|N.º de petición',
  it: 'N. campione|N. accettazione',
  pt: 'N.º da amostra|N.º de requisição',
});

const TEST = words({
  en: 'Test|Analysis|Investigation',
  de: 'Untersuchung|Analyse|Parameter',
  fr: 'Analyse|Examen|Paramètre',
  nl: 'Bepaling|Test|Onderzoek',
  es: 'Prueba|Determinación|Parámetro',
  it: 'Esame|Analisi|Parametro',
  pt: 'Análise|Parâmetro|Exame',
});

const RESULT = words({
  en: 'Result|Value|Patient Result',
  de: 'Ergebnis|Wert|Messwert',
  fr: 'Résultat|Valeur|Résultat patient',
  nl: 'Uitslag|Waarde|Resultaat',
  es: 'Resultado|Valor|Valor obtenido',
  it: 'Risultato|Valore|Esito',
  pt: 'Resultado|Valor|Valor obtido',
});

const UNIT = words({
  en: 'Units|Unit|UoM',
  de: 'Einheit|Einh.|Maßeinheit',
  fr: 'Unité|Unités|U.',
  nl: 'Eenheid|Eenh.|Eh',
  es: 'Unidades|Unidad|Ud.',
  it: 'Unità|U.M.|Unità di misura',
  pt: 'Unidade|Unid.|Unidades',
});

const RANGE = words({
  en: 'Reference Range|Normal Range|Ref. Interval',
  de: 'Referenzbereich|Normbereich|Referenzwerte',
  fr: 'Valeurs de référence|Normes|Intervalle de référence',
  nl: 'Referentiewaarden|Normaalwaarden|Referentie-interval',
  es: 'Valores de referencia|Rango normal|Intervalo de referencia',
  it: 'Valori di riferimento|Intervallo normale|Range di riferimento',
  pt: 'Valores de referência|Intervalo normal|Intervalo de referência',
});

interface LabTest {
  /** Names per language, in the order of LANGUAGES. */
  names: Record<Language, string>;
  unit: string;
  low: number;
  high: number;
  decimals: number;
  section: 0 | 1;
}

const test = (
  names: string,
  unit: string,
  low: number,
  high: number,
  decimals: number,
  section: 0 | 1,
): LabTest => {
  const [en, de, fr, nl, es, it, pt] = names.split('|') as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { names: { en, de, fr, nl, es, it, pt }, unit, low, high, decimals, section };
};

const TESTS: LabTest[] = [
  test(
    'Haemoglobin|Hämoglobin|Hémoglobine|Hemoglobine|Hemoglobina|Emoglobina|Hemoglobina',
    'g/dL',
    12,
    16,
    1,
    0,
  ),
  test(
    'White blood cells|Leukozyten|Leucocytes|Leukocyten|Leucocitos|Leucociti|Leucócitos',
    '10^9/L',
    4,
    10,
    1,
    0,
  ),
  test(
    'Platelets|Thrombozyten|Plaquettes|Trombocyten|Plaquetas|Piastrine|Plaquetas',
    '10^9/L',
    150,
    400,
    0,
    0,
  ),
  test(
    'Haematocrit|Hämatokrit|Hématocrite|Hematocriet|Hematocrito|Ematocrito|Hematócrito',
    '%',
    36,
    46,
    1,
    0,
  ),
  test(
    'Glucose (fasting)|Glukose nüchtern|Glycémie à jeun|Glucose nuchter|Glucosa basal|Glicemia a digiuno|Glicose em jejum',
    'mg/dL',
    70,
    100,
    0,
    1,
  ),
  test(
    'Creatinine|Kreatinin|Créatinine|Kreatinine|Creatinina|Creatinina|Creatinina',
    'mg/dL',
    0.6,
    1.2,
    2,
    1,
  ),
  test(
    'Total cholesterol|Cholesterin gesamt|Cholestérol total|Totaal cholesterol|Colesterol total|Colesterolo totale|Colesterol total',
    'mg/dL',
    120,
    200,
    0,
    1,
  ),
  test('ALT|GPT (ALT)|ALAT|ALAT|ALT (GPT)|ALT|ALT', 'U/L', 7, 56, 0, 1),
  test('Sodium|Natrium|Sodium|Natrium|Sodio|Sodio|Sódio', 'mmol/L', 135, 145, 0, 1),
  test('Potassium|Kalium|Potassium|Kalium|Potasio|Potassio|Potássio', 'mmol/L', 3.5, 5.1, 1, 1),
];

const SECTIONS: Record<Language, [string, string]> = {
  en: ['Haematology', 'Clinical Chemistry'],
  de: ['Hämatologie', 'Klinische Chemie'],
  fr: ['Hématologie', 'Biochimie'],
  nl: ['Hematologie', 'Klinische chemie'],
  es: ['Hematología', 'Bioquímica'],
  it: ['Ematologia', 'Chimica clinica'],
  pt: ['Hematologia', 'Bioquímica'],
};

const LABS: Record<Language, string> = {
  en: 'Pathology Laboratory',
  de: 'Labor',
  fr: 'Laboratoire',
  nl: 'Laboratorium',
  es: 'Laboratorio',
  it: 'Laboratorio Analisi',
  pt: 'Laboratório',
};

export const labReport: KindDefinition = {
  id: 'lab_report',
  compose(c) {
    const { random, language, style } = c;
    c.title = c.say(TITLE);
    const lab = company(c);
    c.issuer = letterhead(c, {
      name: `${LABS[language]} ${personName(random, language).split(' ').pop()}`,
      address: lab.address,
    });
    const collected = someDay(random);
    const born = addDays(collected, -random.int(18 * 365, 85 * 365));
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked('patient_name: Patient name|patient: Patient|full_name: Full name'),
          PATIENT,
          'string',
          personName(random, language),
        ),
      () =>
        c.field(
          asked('patient_id: Patient ID|patient_number: Patient number|mrn: MRN'),
          PATIENT_ID,
          'string',
          code(random, random.pick(['#########', 'P-######', 'AA######'])),
        ),
      () =>
        random.chance(0.5)
          ? c.field(
              asked('date_of_birth: Date of birth|dob: DOB|birth_date: Birth date'),
              BIRTH_DATE,
              'date',
              born,
            )
          : c.decoy(BIRTH_DATE, 'date', born),
      () =>
        c.field(
          asked(
            'collection_date: Collection date|sample_date: Sample date|collected_on: Collected on',
            'When the sample was taken',
          ),
          COLLECTED,
          'date',
          collected,
        ),
      () => c.decoy(RECEIVED, 'date', addDays(collected, random.int(0, 1))),
      () =>
        c.field(
          asked('report_date: Report date|result_date: Result date|reported_on: Reported on'),
          REPORTED,
          'date',
          addDays(collected, random.int(1, 4)),
        ),
      () =>
        c.field(
          asked('physician: Physician|doctor: Doctor|referring_doctor: Referring doctor'),
          PHYSICIAN,
          'string',
          `Dr. ${personName(random, language)}`,
        ),
      () => c.decoy(SAMPLE, 'string', code(random, '##########')),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3)) c.absent(asked('ward: Ward|department: Department'), 'string');

    const chosen = TESTS.filter(() => random.chance(0.7));
    const tests = chosen.length >= 2 ? chosen : TESTS.slice(0, 3);
    const sectioned = random.chance(0.7);
    const rows: RowSpec[] = [];
    for (const section of [0, 1] as const) {
      const inSection = tests.filter((t) => t.section === section);
      if (!inSection.length) continue;
      if (sectioned) rows.push({ kind: 'section', text: SECTIONS[language][section] });
      for (const t of inSection) {
        const span = t.high - t.low;
        const value =
          Math.round((t.low - span * 0.2 + random.next() * span * 1.4) * 10 ** t.decimals) /
          10 ** t.decimals;
        const range = `${style.number(t.low, t.decimals)} - ${style.number(t.high, t.decimals)}`;
        rows.push({
          kind: 'item',
          values: [
            t.names[language],
            value,
            t.unit,
            range,
            value > t.high ? 'H' : value < t.low ? 'L' : '',
          ],
        });
      }
    }
    c.addTable({
      asked: asked('results: Results|test_results: Test results|lab_values: Lab values'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('test: Test|analyte: Analyte|test_name: Test name'),
          header: TEST,
          type: 'string',
          weight: 3,
        },
        {
          asked: asked('result: Result|value: Value|measured: Measured'),
          header: RESULT,
          type: 'number',
          weight: 1.2,
        },
        {
          asked: asked('unit: Unit|units: Units|uom: UoM'),
          header: UNIT,
          type: 'string',
          weight: 1.1,
        },
        {
          asked: asked('reference_range: Reference range|normal_range: Normal range|range: Range'),
          header: RANGE,
          type: 'string',
          weight: 1.8,
        },
        {
          header: {
            en: ['Flag'],
            de: ['Kz.'],
            fr: ['Ind.'],
            nl: ['Vlag'],
            es: ['Ind.'],
            it: ['Ind.'],
            pt: ['Ind.'],
          },
          type: 'string',
          weight: 0.6,
        },
      ],
      rows,
    });
  },
};
