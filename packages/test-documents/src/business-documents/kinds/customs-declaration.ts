/**
 * An export customs declaration: the movement reference number beside the declarant's own
 * reference, exporter and consignee blocks beside the declarant's, the country of origin beside
 * the country of destination, the invoice value beside the statistical value, whether preferential
 * origin is claimed, and the goods items with their tariff codes.
 */
import type { Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import { DESCRIPTION_COLUMN, ISSUE_DATE, NET_WEIGHT } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { cents, code, company, letterhead, money, someDay } from './values.js';

const TITLE = words({
  en: 'EXPORT DECLARATION|Customs Declaration|Export Accompanying Document',
  de: 'AUSFUHRANMELDUNG|Zollanmeldung|Ausfuhrbegleitdokument',
  fr: "DÉCLARATION D'EXPORT|Déclaration en douane|Document d'accompagnement export",
  nl: 'UITVOERAANGIFTE|Douaneaangifte|Uitvoer begeleidend document',
  es: 'DECLARACIÓN DE EXPORTACIÓN|Declaración aduanera|Documento de acompañamiento de exportación',
  it: "DICHIARAZIONE DI ESPORTAZIONE|Dichiarazione doganale|Documento di accompagnamento all'esportazione",
  pt: 'DECLARAÇÃO DE EXPORTAÇÃO|Declaração aduaneira|Documento de acompanhamento de exportação',
});

const MRN = words({
  en: 'MRN|Movement Reference Number|MRN / Declaration No.',
  de: 'MRN|Registriernummer|Nummer der Anmeldung (MRN)',
  fr: 'MRN|Numéro de déclaration|N° MRN',
  nl: 'MRN|Aangiftenummer|MRN-nummer',
  es: 'MRN|Número de declaración|N.º MRN',
  it: 'MRN|Numero dichiarazione|N. MRN',
  pt: 'MRN|Número da declaração|N.º MRN',
});

const LRN = words({
  en: 'LRN|Local Reference',
  de: 'LRN|Bezugsnummer',
  fr: 'LRN|Référence locale',
  nl: 'LRN|Lokaal referentienummer',
  es: 'LRN|Referencia local',
  it: 'LRN|Riferimento locale',
  pt: 'LRN|Referência local',
});

const EXPORTER = words({
  en: 'Exporter|Consignor / Exporter|Exporting Company',
  de: 'Ausführer|Exporteur|Versender / Ausführer',
  fr: 'Exportateur|Expéditeur / Exportateur|Société exportatrice',
  nl: 'Exporteur|Afzender / Exporteur|Uitvoerder',
  es: 'Exportador|Expedidor / Exportador|Empresa exportadora',
  it: 'Esportatore|Speditore / Esportatore|Ditta esportatrice',
  pt: 'Exportador|Expedidor / Exportador|Empresa exportadora',
});

const CONSIGNEE = words({
  en: 'Consignee|Buyer Abroad|Importer',
  de: 'Empfänger|Käufer im Ausland|Importeur',
  fr: 'Destinataire|Acheteur étranger|Importateur',
  nl: 'Geadresseerde|Koper buitenland|Importeur',
  es: 'Destinatario|Comprador extranjero|Importador',
  it: 'Destinatario|Acquirente estero|Importatore',
  pt: 'Destinatário|Comprador estrangeiro|Importador',
});

const DECLARANT = words({
  en: 'Declarant|Representative',
  de: 'Anmelder|Vertreter',
  fr: 'Déclarant|Représentant',
  nl: 'Aangever|Vertegenwoordiger',
  es: 'Declarante|Representante',
  it: 'Dichiarante|Rappresentante',
  pt: 'Declarante|Representante',
});

const ORIGIN = words({
  en: 'Country of Origin|Origin|Made In',
  de: 'Ursprungsland|Ursprung|Hergestellt in',
  fr: "Pays d'origine|Origine|Fabriqué en",
  nl: 'Land van oorsprong|Oorsprong|Vervaardigd in',
  es: 'País de origen|Origen|Fabricado en',
  it: 'Paese di origine|Origine|Prodotto in',
  pt: 'País de origem|Origem|Fabricado em',
});

const DESTINATION = words({
  en: 'Country of Destination|Destination',
  de: 'Bestimmungsland|Bestimmung',
  fr: 'Pays de destination|Destination',
  nl: 'Land van bestemming|Bestemming',
  es: 'País de destino|Destino',
  it: 'Paese di destinazione|Destinazione',
  pt: 'País de destino|Destino',
});

const INVOICE_VALUE = words({
  en: 'Invoice Value|Total Invoice Amount|Value of Goods',
  de: 'Rechnungsbetrag|Rechnungspreis|Warenwert',
  fr: 'Valeur facturée|Montant de la facture|Valeur des marchandises',
  nl: 'Factuurwaarde|Factuurbedrag|Waarde goederen',
  es: 'Valor de factura|Importe facturado|Valor de la mercancía',
  it: 'Valore fattura|Importo fatturato|Valore della merce',
  pt: 'Valor da fatura|Montante faturado|Valor das mercadorias',
});

const STATISTICAL_VALUE = words({
  en: 'Statistical Value|Customs Value',
  de: 'Statistischer Wert|Zollwert',
  fr: 'Valeur statistique|Valeur en douane',
  nl: 'Statistische waarde|Douanewaarde',
  es: 'Valor estadístico|Valor en aduana',
  it: 'Valore statistico|Valore in dogana',
  pt: 'Valor estatístico|Valor aduaneiro',
});

const PREFERENCE = words({
  en: 'Preferential Origin|Preference Claimed|Preferential Treatment Requested',
  de: 'Präferenzursprung|Präferenz beantragt|Präferenzbehandlung',
  fr: 'Origine préférentielle|Préférence demandée|Traitement préférentiel',
  nl: 'Preferentiële oorsprong|Preferentie gevraagd|Preferentiële behandeling',
  es: 'Origen preferencial|Preferencia solicitada|Trato preferencial',
  it: 'Origine preferenziale|Preferenza richiesta|Trattamento preferenziale',
  pt: 'Origem preferencial|Preferência solicitada|Tratamento preferencial',
});

const HS_CODE = words({
  en: 'Commodity Code|HS Code|Tariff No.',
  de: 'Warennummer|Zolltarifnummer|TARIC-Code',
  fr: 'Code SH|Nomenclature|Position tarifaire',
  nl: 'GN-code|Goederencode|Tariefnummer',
  es: 'Código TARIC|Partida arancelaria|Código NC',
  it: 'Codice TARIC|Voce doganale|Codice NC',
  pt: 'Código pautal|Código NC|Posição pautal',
});

const ITEM_VALUE = words({
  en: 'Value|Item Value|Declared Item Value',
  de: 'Wert|Positionswert|Wert der Position',
  fr: 'Valeur|Valeur article|Prix',
  nl: 'Waarde|Waarde artikel|Aangegeven waarde',
  es: 'Valor|Valor partida|Valor declarado',
  it: 'Valore|Valore articolo|Valore dichiarato',
  pt: 'Valor|Valor do artigo|Valor declarado',
});

const COUNTRIES_NAMED: Record<Language, string[]> = {
  en: ['United Kingdom', 'Ireland', 'United States', 'China', 'Turkey'],
  de: ['Deutschland', 'Österreich', 'Schweiz', 'China', 'Türkei'],
  fr: ['France', 'Belgique', 'Maroc', 'Chine', 'Turquie'],
  nl: ['Nederland', 'België', 'Duitsland', 'China', 'Turkije'],
  es: ['España', 'México', 'Marruecos', 'China', 'Turquía'],
  it: ['Italia', 'Svizzera', 'Tunisia', 'Cina', 'Turchia'],
  pt: ['Portugal', 'Brasil', 'Marrocos', 'China', 'Turquia'],
};

const GOODS: Record<Language, string[]> = {
  en: [
    'Stainless steel valves',
    'Printed circuit boards',
    'Olive oil, 5 L tins',
    'Wool fabric',
    'Ceramic tableware',
  ],
  de: [
    'Edelstahlventile',
    'Leiterplatten, bestückt',
    'Olivenöl, 5-L-Kanister',
    'Wollstoff',
    'Keramikgeschirr',
  ],
  fr: [
    'Vannes en acier inoxydable',
    'Cartes électroniques',
    "Huile d'olive, bidons 5 L",
    'Tissu de laine',
    'Vaisselle en céramique',
  ],
  nl: [
    'Roestvrijstalen kleppen',
    'Printplaten',
    'Olijfolie, blikken 5 L',
    'Wollen stof',
    'Keramisch serviesgoed',
  ],
  es: [
    'Válvulas de acero inoxidable',
    'Placas de circuito impreso',
    'Aceite de oliva, latas 5 L',
    'Tejido de lana',
    'Vajilla de cerámica',
  ],
  it: [
    'Valvole in acciaio inox',
    'Schede elettroniche',
    "Olio d'oliva, latte da 5 L",
    'Tessuto di lana',
    'Stoviglie in ceramica',
  ],
  pt: [
    'Válvulas em aço inoxidável',
    'Placas de circuito impresso',
    'Azeite, latas de 5 L',
    'Tecido de lã',
    'Louça de cerâmica',
  ],
};

export const customsDeclaration: KindDefinition = {
  id: 'customs_declaration',
  compose(c) {
    const { random, language } = c;
    const exporter = company(c);
    const consignee = company(c);
    const broker = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, broker);
    c.party(asked('exporter: Exporter|shipper: Shipper|seller: Seller'), EXPORTER, [
      exporter.name,
      ...exporter.address,
    ]);
    c.party(asked('consignee: Consignee|importer: Importer|buyer: Buyer'), CONSIGNEE, [
      consignee.name,
      ...consignee.address,
    ]);
    if (random.chance(0.5)) c.party(null, DECLARANT, [broker.name, ...broker.address]);
    const [home, ...abroad] = COUNTRIES_NAMED[language];
    const items = random
      .shuffle(GOODS[language])
      .slice(0, random.int(1, 4))
      .map(
        (goods) =>
          [
            code(random, '#### ## ##'),
            goods,
            random.int(20, 3000),
            money(random, 400, 40000),
          ] as const,
      );
    const value = cents(items.reduce((s, item) => s + item[3], 0));
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'mrn: MRN|declaration_number: Declaration number|customs_reference: Customs reference',
          ),
          MRN,
          'string',
          `${random.int(23, 26)}${c.country.code}${code(random, '############A#')}`,
        ),
      () => c.decoy(LRN, 'string', code(random, 'EX-######')),
      () =>
        c.field(
          asked('declaration_date: Declaration date|date: Date|filed_on: Filed on'),
          ISSUE_DATE,
          'date',
          someDay(random),
        ),
      () =>
        c.field(
          asked('country_of_origin: Country of origin|origin: Origin|made_in: Made in'),
          ORIGIN,
          'string',
          random.chance(0.7) ? home! : random.pick(abroad),
        ),
      () => c.decoy(DESTINATION, 'string', random.pick(abroad)),
      () =>
        c.field(
          asked(
            'invoice_value: Invoice value|goods_value: Goods value|declared_value: Declared value',
          ),
          INVOICE_VALUE,
          'currency',
          value,
        ),
      () => c.decoy(STATISTICAL_VALUE, 'currency', cents(value * (1 + random.int(1, 8) / 100))),
      () =>
        random.chance(0.6)
          ? c.field(
              asked(
                'preferential_origin: Preferential origin|preference: Preference|preference_claimed: Preference claimed',
              ),
              PREFERENCE,
              'boolean',
              random.chance(0.5),
            )
          : undefined,
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(asked('incoterm: Incoterm|delivery_terms: Delivery terms'), 'string');
    c.addTable({
      asked: asked('goods_items: Goods items|items: Items|lines: Lines'),
      keyColumn: 0,
      columns: [
        {
          asked: asked('hs_code: HS code|commodity_code: Commodity code|tariff_code: Tariff code'),
          header: HS_CODE,
          type: 'string',
          weight: 1.5,
        },
        {
          asked: asked('description: Description|goods: Goods|product: Product'),
          header: DESCRIPTION_COLUMN,
          type: 'string',
          weight: 3.5,
        },
        {
          asked: asked('net_mass: Net mass|net_weight: Net weight|weight: Weight'),
          header: NET_WEIGHT,
          type: 'number',
          weight: 1.2,
        },
        {
          asked: asked('value: Value|item_value: Item value|amount: Amount'),
          header: ITEM_VALUE,
          type: 'currency',
          weight: 1.3,
        },
      ],
      rows: items.map((values) => ({ kind: 'item', values: [...values] })),
    });
  },
};
