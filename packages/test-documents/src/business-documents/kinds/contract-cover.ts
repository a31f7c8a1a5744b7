/**
 * The cover page of a contract: its number, the two parties (client and contractor) as blocks,
 * the date of signature beside the commencement and end dates, the contract value, the notice
 * period, the governing law and whether it renews itself. No table.
 */
import type { Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, letterhead, money, someDay } from './values.js';

const TITLE = words({
  en: 'SERVICE AGREEMENT|Framework Agreement|Contract for Services',
  de: 'DIENSTLEISTUNGSVERTRAG|Rahmenvertrag|Werkvertrag',
  fr: 'CONTRAT DE PRESTATION DE SERVICES|Contrat-cadre|Convention de services',
  nl: 'DIENSTVERLENINGSOVEREENKOMST|Raamovereenkomst|Overeenkomst van opdracht',
  es: 'CONTRATO DE PRESTACIÓN DE SERVICIOS|Contrato marco|Acuerdo de servicios',
  it: 'CONTRATTO DI SERVIZI|Contratto quadro|Accordo di fornitura servizi',
  pt: 'CONTRATO DE PRESTAÇÃO DE SERVIÇOS|Contrato-quadro|Acordo de serviços',
});

const CONTRACT_NUMBER = words({
  en: 'Contract No.|Agreement Number|Contract Reference',
  de: 'Vertragsnummer|Vertrags-Nr.|Vertragsreferenz',
  fr: 'N° de contrat|Contrat n°|Référence du contrat',
  nl: 'Contractnummer|Overeenkomst nr.|Referentie overeenkomst',
  es: 'N.º de contrato|Contrato n.º|Referencia del contrato',
  it: 'N. contratto|Contratto n.|Riferimento contratto',
  pt: 'N.º do contrato|Contrato n.º|Referência do contrato',
});

const CLIENT = words({
  en: 'Client|The Customer|Party A',
  de: 'Auftraggeber|Kunde|Vertragspartei 1',
  fr: 'Le Client|Donneur d’ouvrage|Partie A',
  nl: 'Opdrachtgever|De klant|Partij A',
  es: 'El Cliente|Contratante|Parte A',
  it: 'Committente|Il Cliente|Parte A',
  pt: 'O Cliente|Contratante|Parte A',
});

const CONTRACTOR = words({
  en: 'Contractor|Service Provider|Party B',
  de: 'Auftragnehmer|Dienstleister|Vertragspartei 2',
  fr: 'Le Prestataire|Titulaire|Partie B',
  nl: 'Opdrachtnemer|Dienstverlener|Partij B',
  es: 'El Proveedor|Contratista|Parte B',
  it: 'Fornitore|Appaltatore|Parte B',
  pt: 'O Prestador|Contratado|Parte B',
});

const SIGNED = words({
  en: 'Date of Signature|Signed On|Date of Agreement',
  de: 'Datum der Unterzeichnung|Unterzeichnet am|Vertragsdatum',
  fr: 'Date de signature|Signé le|Fait le',
  nl: 'Datum ondertekening|Getekend op|Datum overeenkomst',
  es: 'Fecha de firma|Firmado el|Fecha del contrato',
  it: 'Data di sottoscrizione|Firmato il|Data del contratto',
  pt: 'Data de assinatura|Assinado em|Data do contrato',
});

const START = words({
  en: 'Commencement Date|Start Date|Term Begins',
  de: 'Vertragsbeginn|Beginn der Laufzeit|Laufzeit ab',
  fr: "Date d'entrée en vigueur|Début du contrat|Prend effet le",
  nl: 'Ingangsdatum overeenkomst|Aanvang|Looptijd vanaf',
  es: 'Fecha de inicio|Entrada en vigor|Vigencia desde',
  it: 'Data di decorrenza|Inizio contratto|Decorre dal',
  pt: 'Data de início|Entrada em vigor|Vigência a partir de',
});

const END = words({
  en: 'End Date|Expiry of Term|Term Ends',
  de: 'Vertragsende|Laufzeit bis|Ende der Laufzeit',
  fr: 'Date de fin|Fin du contrat|Expire le',
  nl: 'Einddatum overeenkomst|Afloop|Looptijd tot',
  es: 'Fecha de finalización|Fin de vigencia|Vigencia hasta',
  it: 'Data di cessazione|Fine contratto|Termina il',
  pt: 'Data de termo do contrato|Fim do contrato|Vigência até',
});

const VALUE = words({
  en: 'Contract Value|Total Contract Price|Agreed Fee',
  de: 'Auftragswert|Vertragssumme|Vereinbarte Vergütung',
  fr: 'Montant du contrat|Prix global|Rémunération convenue',
  nl: 'Contractwaarde|Contractsom|Overeengekomen vergoeding',
  es: 'Importe del contrato|Precio total|Honorarios acordados',
  it: 'Valore del contratto|Corrispettivo totale|Compenso pattuito',
  pt: 'Valor do contrato|Preço global|Remuneração acordada',
});

const NOTICE = words({
  en: 'Notice Period|Termination Notice',
  de: 'Kündigungsfrist|Frist',
  fr: 'Préavis|Délai de résiliation',
  nl: 'Opzegtermijn|Termijn',
  es: 'Preaviso|Plazo de rescisión',
  it: 'Preavviso|Termine di disdetta',
  pt: 'Pré-aviso|Prazo de denúncia',
});

const LAW = words({
  en: 'Governing Law|Applicable Law|Jurisdiction',
  de: 'Anwendbares Recht|Rechtswahl|Gerichtsstand',
  fr: 'Droit applicable|Loi applicable|Juridiction compétente',
  nl: 'Toepasselijk recht|Rechtskeuze|Bevoegde rechter',
  es: 'Ley aplicable|Legislación aplicable|Jurisdicción',
  it: 'Legge applicabile|Diritto applicabile|Foro competente',
  pt: 'Lei aplicável|Direito aplicável|Foro competente',
});

const RENEWAL = words({
  en: 'Automatic Renewal|Auto-renews|Tacit Renewal',
  de: 'Automatische Verlängerung|Verlängert sich automatisch|Stillschweigende Verlängerung',
  fr: 'Reconduction automatique|Renouvellement automatique|Tacite reconduction',
  nl: 'Automatische verlenging|Stilzwijgende verlenging|Verlengt automatisch',
  es: 'Renovación automática|Prórroga automática|Renovación tácita',
  it: 'Rinnovo automatico|Rinnovo tacito|Si rinnova automaticamente',
  pt: 'Renovação automática|Renovação tácita|Renova automaticamente',
});

const MONTHS_NOTICE: Record<Language, (n: number) => string> = {
  en: (n) => `${n} months`,
  de: (n) => `${n} Monate`,
  fr: (n) => `${n} mois`,
  nl: (n) => `${n} maanden`,
  es: (n) => `${n} meses`,
  it: (n) => `${n} mesi`,
  pt: (n) => `${n} meses`,
};

const LAWS: Record<Language, string[]> = {
  en: ['England and Wales', 'Ireland', 'State of New York'],
  de: ['Deutsches Recht', 'Österreichisches Recht', 'Schweizer Recht'],
  fr: ['Droit français', 'Droit belge'],
  nl: ['Nederlands recht', 'Belgisch recht'],
  es: ['Derecho español', 'Leyes de México'],
  it: ['Diritto italiano'],
  pt: ['Direito português', 'Lei brasileira'],
};

export const contractCover: KindDefinition = {
  id: 'contract_cover',
  compose(c) {
    const { random, language } = c;
    const client = company(c);
    const contractor = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, contractor);
    c.party(asked('client: Client|customer: Customer|client_name: Client name'), CLIENT, [
      client.name,
      ...client.address,
    ]);
    c.party(
      asked('contractor: Contractor|supplier: Supplier|service_provider: Service provider'),
      CONTRACTOR,
      [contractor.name, ...contractor.address],
    );
    const signed = someDay(random);
    const start = addDays(signed, random.int(1, 60));
    const years = random.int(1, 3);
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'contract_number: Contract number|agreement_id: Agreement ID|contract_ref: Contract ref',
          ),
          CONTRACT_NUMBER,
          'string',
          code(random, random.pick(['CT-####-###', 'AA/####/##', '##########'])),
        ),
      () =>
        c.field(
          asked('signature_date: Signature date|signed_date: Signed date|date_signed: Date signed'),
          SIGNED,
          'date',
          signed,
        ),
      () =>
        c.field(
          asked(
            'start_date: Start date|commencement: Commencement|effective_from: Effective from',
            'When the contract begins',
          ),
          START,
          'date',
          start,
        ),
      () =>
        c.field(
          asked('end_date: End date|expiry: Expiry|term_end: Term end'),
          END,
          'date',
          addDays(addDays(start, 365 * years), -1),
        ),
      () =>
        c.field(
          asked('contract_value: Contract value|total_value: Total value|fee: Fee'),
          VALUE,
          'currency',
          money(random, 5000, 900000),
        ),
      () => c.decoy(NOTICE, 'string', MONTHS_NOTICE[language](random.pick([1, 2, 3, 6]))),
      () =>
        c.field(
          asked('governing_law: Governing law|law: Law|jurisdiction: Jurisdiction'),
          LAW,
          'string',
          random.pick(LAWS[language]),
        ),
      () =>
        random.chance(0.7)
          ? c.field(
              asked(
                'auto_renewal: Auto renewal|renews_automatically: Renews automatically|tacit_renewal: Tacit renewal',
              ),
              RENEWAL,
              'boolean',
              random.chance(0.5),
            )
          : undefined,
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('penalty_clause: Penalty clause|late_penalty: Late penalty'), 'string');
  },
};
