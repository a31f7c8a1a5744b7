/**
 * A certificate of insurance: the insurer's letterhead, the insured's block beside the broker's,
 * the policy number beside the certificate's own number, the dates of issue, effect and expiry
 * side by side, the sum insured beside the premium, and the covers with their limits and excesses.
 */
import type { Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import { ISSUE_DATE } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, letterhead, money, someDay } from './values.js';

const TITLE = words({
  en: 'CERTIFICATE OF INSURANCE|Insurance Certificate|Confirmation of Cover',
  de: 'VERSICHERUNGSBESTÄTIGUNG|Versicherungsnachweis|Deckungsbestätigung',
  fr: "ATTESTATION D'ASSURANCE|Attestation d'assurance|Certificat d'assurance",
  nl: 'VERZEKERINGSCERTIFICAAT|Verzekeringsbewijs|Dekkingsbevestiging',
  es: 'CERTIFICADO DE SEGURO|Certificado de seguro|Certificado de cobertura',
  it: 'CERTIFICATO DI ASSICURAZIONE|Attestato di copertura|Certificato assicurativo',
  pt: 'CERTIFICADO DE SEGURO|Certificado de seguro|Declaração de cobertura',
});

const POLICY_NUMBER = words({
  en: 'Policy Number|Policy No.|Policy Ref.',
  de: 'Versicherungsschein-Nr.|Policennummer|Versicherungsnummer',
  fr: 'N° de police|Police n°|Numéro de contrat',
  nl: 'Polisnummer|Polis nr.|Polisnr.',
  es: 'N.º de póliza|Póliza n.º|Número de póliza',
  it: 'N. polizza|Polizza n.|Numero di polizza',
  pt: 'N.º da apólice|Apólice n.º|Número de apólice',
});

const CERTIFICATE_NUMBER = words({
  en: 'Certificate No.|Certificate Number',
  de: 'Bestätigungs-Nr.|Nachweisnummer',
  fr: "N° d'attestation|Attestation n°",
  nl: 'Certificaatnummer|Certificaat nr.',
  es: 'N.º de certificado|Certificado n.º',
  it: 'N. certificato|Certificato n.',
  pt: 'N.º do certificado|Certificado n.º',
});

const INSURED = words({
  en: 'Insured|Policyholder|Name of Insured',
  de: 'Versicherungsnehmer|Versicherter|Name des Versicherungsnehmers',
  fr: 'Assuré|Souscripteur|Nom de l’assuré',
  nl: 'Verzekeringnemer|Verzekerde|Naam verzekerde',
  es: 'Tomador|Asegurado|Nombre del tomador',
  it: 'Contraente|Assicurato|Nome del contraente',
  pt: 'Tomador do seguro|Segurado|Nome do tomador',
});

const INSURER = words({
  en: 'Insurer|Underwriter|Insurance Company',
  de: 'Versicherer|Risikoträger|Versicherungsgesellschaft',
  fr: 'Assureur|Compagnie|Compagnie d’assurance',
  nl: 'Verzekeraar|Maatschappij|Risicodrager',
  es: 'Aseguradora|Compañía|Entidad aseguradora',
  it: 'Compagnia|Assicuratore|Impresa assicuratrice',
  pt: 'Seguradora|Companhia|Entidade seguradora',
});

const BROKER = words({
  en: 'Broker|Agent',
  de: 'Vermittler|Makler',
  fr: 'Courtier|Intermédiaire',
  nl: 'Tussenpersoon|Makelaar',
  es: 'Corredor|Mediador',
  it: 'Intermediario|Broker',
  pt: 'Mediador|Corretor',
});

const EFFECTIVE = words({
  en: 'Effective Date|Cover Starts|Inception Date',
  de: 'Versicherungsbeginn|Beginn|Gültig ab',
  fr: "Date d'effet|Prise d'effet|Valable à compter du",
  nl: 'Ingangsdatum|Ingaand op|Geldig vanaf',
  es: 'Fecha de efecto|Efecto|Vigente desde',
  it: 'Decorrenza|Data di effetto|Valido dal',
  pt: 'Data de início|Início|Válido a partir de',
});

const EXPIRY = words({
  en: 'Expiry Date|Cover Ends|Expiration Date',
  de: 'Ablauf|Versicherungsende|Gültig bis',
  fr: "Date d'échéance du contrat|Fin de validité|Valable jusqu'au",
  nl: 'Einddatum|Vervaldatum polis|Geldig tot',
  es: 'Fecha de vencimiento de la póliza|Fin de cobertura|Vigente hasta',
  it: 'Scadenza|Data di scadenza polizza|Valido fino al',
  pt: 'Data de termo|Fim da cobertura|Válido até',
});

const SUM_INSURED = words({
  en: 'Sum Insured|Limit of Indemnity|Total Insured Value',
  de: 'Versicherungssumme|Deckungssumme|Versicherte Summe',
  fr: 'Capital assuré|Montant de garantie|Somme assurée',
  nl: 'Verzekerd bedrag|Verzekerde som|Dekkingsbedrag',
  es: 'Suma asegurada|Capital asegurado|Límite de indemnización',
  it: 'Massimale|Somma assicurata|Capitale assicurato',
  pt: 'Capital seguro|Montante seguro|Limite de indemnização',
});

const PREMIUM = words({
  en: 'Annual Premium|Premium',
  de: 'Jahresbeitrag|Prämie',
  fr: 'Prime annuelle|Cotisation annuelle',
  nl: 'Jaarpremie|Premie',
  es: 'Prima anual|Prima total',
  it: 'Premio annuo|Premio lordo',
  pt: 'Prémio anual|Prémio total',
});

const WORLDWIDE = words({
  en: 'Worldwide Cover|Territorial Limits: Worldwide|Cover Outside EU',
  de: 'Weltweite Deckung|Geltungsbereich weltweit|Deckung außerhalb EU',
  fr: 'Couverture mondiale|Extension monde entier|Garantie hors UE',
  nl: 'Wereldwijde dekking|Dekking wereldwijd|Dekking buiten EU',
  es: 'Cobertura mundial|Ámbito mundial|Cobertura fuera de la UE',
  it: 'Copertura mondiale|Estensione mondo intero|Copertura extra UE',
  pt: 'Cobertura mundial|Âmbito mundial|Cobertura fora da UE',
});

const COVER = words({
  en: 'Cover|Section|Type of Cover',
  de: 'Deckung|Baustein|Versicherte Gefahr',
  fr: 'Garantie|Risque|Nature de la garantie',
  nl: 'Dekking|Rubriek|Soort dekking',
  es: 'Cobertura|Garantía|Riesgo cubierto',
  it: 'Garanzia|Sezione|Rischio assicurato',
  pt: 'Cobertura|Garantia|Risco coberto',
});

const LIMIT = words({
  en: 'Limit|Limit of Liability|Maximum Cover',
  de: 'Höchstbetrag|Deckungssumme je Fall|Maximale Leistung',
  fr: 'Plafond|Limite de garantie|Montant maximal',
  nl: 'Limiet|Maximale dekking|Verzekerd maximum',
  es: 'Límite|Límite por siniestro|Importe máximo',
  it: 'Limite|Massimale per sinistro|Importo massimo',
  pt: 'Limite|Limite por sinistro|Montante máximo',
});

const EXCESS = words({
  en: 'Excess|Deductible|Each Claim Excess',
  de: 'Selbstbehalt|Selbstbeteiligung|SB je Schaden',
  fr: 'Franchise|Franchise par sinistre|Montant de franchise',
  nl: 'Eigen risico|Eigen risico per schade|Eigen bijdrage',
  es: 'Franquicia|Franquicia por siniestro|Importe franquicia',
  it: 'Franchigia|Franchigia per sinistro|Scoperto',
  pt: 'Franquia|Franquia por sinistro|Valor da franquia',
});

const INSURERS: Record<Language, string[]> = {
  en: ['Ironbridge Insurance plc', 'Summit Mutual Assurance', 'Kestrel General Insurance'],
  de: ['Rheinland Versicherung AG', 'Hanse Assekuranz', 'Alpina Versicherungen'],
  fr: ['Mutuelle du Littoral', 'Assurances de la Loire', 'Garantie Alpine SA'],
  nl: ['Delta Verzekeringen N.V.', 'Noorderlicht Verzekeraars', 'Hollandia Schade'],
  es: ['Seguros del Cantábrico', 'Mutua Levantina', 'Aseguradora Ibérica'],
  it: ['Assicurazioni Tirrenia', 'Mutua Padana', 'Previdenza Alpina SpA'],
  pt: ['Seguros Atlântida', 'Mútua do Douro', 'Lusitana Seguros'],
};

const COVERS: Record<Language, string[]> = {
  en: [
    'Public liability',
    'Product liability',
    "Employers' liability",
    'Property damage',
    'Business interruption',
    'Legal expenses',
  ],
  de: [
    'Betriebshaftpflicht',
    'Produkthaftpflicht',
    'Sachschäden',
    'Betriebsunterbrechung',
    'Rechtsschutz',
    'Umwelthaftpflicht',
  ],
  fr: [
    'Responsabilité civile',
    'RC produits',
    'Dommages aux biens',
    "Perte d'exploitation",
    'Protection juridique',
    'Bris de machine',
  ],
  nl: [
    'Aansprakelijkheid',
    'Productaansprakelijkheid',
    'Zaakschade',
    'Bedrijfsschade',
    'Rechtsbijstand',
    'Milieuschade',
  ],
  es: [
    'Responsabilidad civil',
    'RC productos',
    'Daños materiales',
    'Pérdida de beneficios',
    'Defensa jurídica',
    'Rotura de maquinaria',
  ],
  it: [
    'Responsabilità civile',
    'RC prodotti',
    'Danni materiali',
    'Interruzione di esercizio',
    'Tutela legale',
    'Guasti macchine',
  ],
  pt: [
    'Responsabilidade civil',
    'RC produtos',
    'Danos materiais',
    'Perda de exploração',
    'Proteção jurídica',
    'Avaria de máquinas',
  ],
};

export const insuranceCertificate: KindDefinition = {
  id: 'insurance_certificate',
  compose(c) {
    const { random, language } = c;
    const insurer = random.pick(INSURERS[language]);
    const insured = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, { name: insurer, address: company(c).address });
    c.party(
      asked('insured: Insured|policyholder: Policyholder|insured_party: Insured party'),
      INSURED,
      [insured.name, ...insured.address],
    );
    if (random.chance(0.5)) {
      const broker = company(c);
      c.party(null, BROKER, [broker.name, ...broker.address]);
    }
    const effective = someDay(random);
    const covers = random.shuffle(COVERS[language]).slice(0, random.int(2, 5));
    const limits = covers.map(() => random.pick([250000, 500000, 1000000, 2500000, 5000000]));
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked('policy_number: Policy number|policy_no: Policy no.|policy_id: Policy ID'),
          POLICY_NUMBER,
          'string',
          code(random, random.pick(['POL-#######', 'AA/######/##', '###.###.###'])),
        ),
      () => c.decoy(CERTIFICATE_NUMBER, 'string', code(random, 'C-######')),
      () =>
        c.field(
          asked('insurer: Insurer|insurance_company: Insurance company|carrier: Carrier'),
          INSURER,
          'string',
          insurer,
        ),
      () =>
        c.field(
          asked(
            'issue_date: Issue date|date_issued: Date issued|certificate_date: Certificate date',
          ),
          ISSUE_DATE,
          'date',
          addDays(effective, -random.int(1, 25)),
        ),
      () =>
        c.field(
          asked(
            'effective_date: Effective date|start_date: Start date|cover_from: Cover from',
            'The day cover starts',
          ),
          EFFECTIVE,
          'date',
          effective,
        ),
      () =>
        c.field(
          asked(
            'expiry_date: Expiry date|end_date: End date|valid_until: Valid until',
            'The day cover ends',
          ),
          EXPIRY,
          'date',
          addDays(addDays(effective, 365), -1),
        ),
      () =>
        c.field(
          asked(
            'sum_insured: Sum insured|coverage_amount: Coverage amount|insured_value: Insured value',
          ),
          SUM_INSURED,
          'currency',
          Math.max(...limits),
        ),
      () => c.decoy(PREMIUM, 'currency', money(random, 300, 9000)),
      () =>
        random.chance(0.6)
          ? c.field(
              asked(
                'worldwide: Worldwide|worldwide_cover: Worldwide cover|covers_abroad: Covers abroad',
              ),
              WORLDWIDE,
              'boolean',
              random.chance(0.5),
            )
          : undefined,
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('broker_fee: Broker fee|commission: Commission'), 'currency');
    c.addTable({
      asked: asked('coverages: Coverages|covers: Covers|sections: Sections'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('coverage: Coverage|cover: Cover|risk: Risk'),
          header: COVER,
          type: 'string',
          weight: 3.5,
        },
        {
          asked: asked('limit: Limit|max_amount: Max amount|cover_limit: Cover limit'),
          header: LIMIT,
          type: 'currency',
          weight: 1.6,
        },
        {
          asked: asked('deductible: Deductible|excess: Excess|own_risk: Own risk'),
          header: EXCESS,
          type: 'currency',
          weight: 1.4,
        },
      ],
      rows: covers.map((cover, i) => ({
        kind: 'item',
        values: [cover, limits[i]!, random.pick([0, 250, 500, 1000, 2500])],
      })),
    });
  },
};
