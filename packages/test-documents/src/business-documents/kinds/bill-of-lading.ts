/**
 * A bill of lading: shipper, consignee and notify party as three blocks, the vessel and voyage,
 * ports of loading and discharge, the shipped-on-board date beside the place and date of issue,
 * a booking number beside the B/L number, a clause of small print, and the containers.
 */
import type { Language } from '../../corpus/languages.js';
import { asked } from '../compose.js';
import { words } from '../words/phrasings.js';
import { GROSS_WEIGHT, PACKAGES } from '../words/terms.js';
import type { KindDefinition } from './kind.js';
import { addDays, code, company, letterhead, someDay } from './values.js';

const TITLE = words({
  en: 'BILL OF LADING|Bill of Lading|Ocean Bill of Lading',
  de: 'KONNOSSEMENT|Seefrachtbrief|Bordkonnossement',
  fr: 'CONNAISSEMENT|Connaissement maritime|Connaissement embarqué',
  nl: 'CONNOSSEMENT|Cognossement|Zeevrachtbrief',
  es: 'CONOCIMIENTO DE EMBARQUE|Conocimiento de embarque|B/L marítimo',
  it: 'POLIZZA DI CARICO|Polizza di carico|Polizza di carico marittima',
  pt: 'CONHECIMENTO DE EMBARQUE|Conhecimento de embarque|Conhecimento marítimo',
});

const BL_NUMBER = words({
  en: 'B/L No.|Bill of Lading Number|B/L Number',
  de: 'Konnossement-Nr.|B/L-Nr.|Konnossementnummer',
  fr: 'N° de connaissement|Connaissement n°|B/L n°',
  nl: 'B/L-nummer|Connossementnummer|Cognossement nr.',
  es: 'N.º de B/L|Conocimiento n.º|Número de conocimiento',
  it: 'Polizza n.|N. B/L|Numero polizza di carico',
  pt: 'N.º do B/L|Conhecimento n.º|Número do conhecimento',
});

const BOOKING = words({
  en: 'Booking No.|Booking Reference',
  de: 'Buchungsnummer|Buchungs-Nr.',
  fr: 'N° de réservation|Réf. booking',
  nl: 'Boekingsnummer|Booking ref.',
  es: 'N.º de reserva|Booking n.º',
  it: 'N. prenotazione|Booking n.',
  pt: 'N.º de reserva|Booking n.º',
});

const SHIPPER = words({
  en: 'Shipper|Shipper / Exporter|Consignor',
  de: 'Ablader|Versender|Abladers Name und Anschrift',
  fr: 'Chargeur|Expéditeur|Nom et adresse du chargeur',
  nl: 'Verscheper|Afzender|Verlader',
  es: 'Embarcador|Cargador|Remitente / Exportador',
  it: 'Caricatore|Mittente|Imbarcatore',
  pt: 'Carregador|Expedidor|Embarcador',
});

const CONSIGNEE = words({
  en: 'Consignee|Consigned To|Receiver',
  de: 'Empfänger|Destinatär|Warenempfänger (Consignee)',
  fr: 'Destinataire|Réceptionnaire|Consignataire',
  nl: 'Geadresseerde|Ontvanger|Consignee',
  es: 'Consignatario|Destinatario|Receptor',
  it: 'Destinatario|Ricevitore|Consegnatario',
  pt: 'Consignatário|Destinatário|Recebedor',
});

const NOTIFY = words({
  en: 'Notify Party|Notify',
  de: 'Meldeadresse|Notify-Adresse',
  fr: 'Partie à notifier|Notify',
  nl: 'Notify-adres|Te waarschuwen partij',
  es: 'Notificar a|Parte a notificar',
  it: 'Notificare a|Parte da notificare',
  pt: 'Notificar|Parte a notificar',
});

const VESSEL = words({
  en: 'Vessel|Ocean Vessel|Name of Ship',
  de: 'Schiff|Seeschiff|Name des Schiffes',
  fr: 'Navire|Nom du navire|Bateau',
  nl: 'Schip|Zeeschip|Naam schip',
  es: 'Buque|Nombre del buque|Barco',
  it: 'Nave|Nome nave|Nave oceanica',
  pt: 'Navio|Nome do navio|Embarcação',
});

const VOYAGE = words({
  en: 'Voyage No.|Voyage',
  de: 'Reise-Nr.|Reise',
  fr: 'N° de voyage|Voyage',
  nl: 'Reisnummer|Reis',
  es: 'N.º de viaje|Viaje',
  it: 'N. viaggio|Viaggio',
  pt: 'N.º da viagem|Viagem',
});

const LOADING = words({
  en: 'Port of Loading|Loading Port|Port of Shipment',
  de: 'Ladehafen|Verladehafen|Hafen der Verladung',
  fr: 'Port de chargement|Port d’embarquement|Chargé à',
  nl: 'Laadhaven|Haven van lading|Haven van inscheping',
  es: 'Puerto de carga|Puerto de embarque|Embarcado en',
  it: 'Porto di carico|Porto d’imbarco|Caricato a',
  pt: 'Porto de carga|Porto de embarque|Carregado em',
});

const DISCHARGE = words({
  en: 'Port of Discharge|Discharge Port|Port of Destination',
  de: 'Löschhafen|Entladehafen|Bestimmungshafen',
  fr: 'Port de déchargement|Port de destination|Déchargé à',
  nl: 'Loshaven|Haven van lossing|Haven van bestemming',
  es: 'Puerto de descarga|Puerto de destino|Desembarcado en',
  it: 'Porto di scarico|Porto di sbarco|Porto di destinazione',
  pt: 'Porto de descarga|Porto de destino|Descarregado em',
});

const ON_BOARD = words({
  en: 'Shipped on Board|On Board Date|Date Shipped',
  de: 'An Bord genommen am|Verschiffungsdatum|Verladen am',
  fr: 'Embarqué le|Date de mise à bord|Date d’embarquement',
  nl: 'Aan boord op|Datum inlading|Verscheept op',
  es: 'Embarcado a bordo el|Fecha de embarque|Fecha a bordo',
  it: 'Imbarcato il|Data di imbarco|Caricato a bordo il',
  pt: 'Embarcado em|Data de embarque|Data a bordo',
});

const PLACE_DATE_ISSUE = words({
  en: 'Place and Date of Issue|Issued at',
  de: 'Ort und Datum der Ausstellung|Ausgestellt in',
  fr: "Lieu et date d'émission|Fait à",
  nl: 'Plaats en datum van afgifte|Afgegeven te',
  es: 'Lugar y fecha de emisión|Expedido en',
  it: 'Luogo e data di emissione|Emessa a',
  pt: 'Local e data de emissão|Local de emissão',
});

const CONTAINER = words({
  en: 'Container No.|Container|Cntr Number',
  de: 'Container-Nr.|Container|Behälternummer',
  fr: 'N° conteneur|Conteneur|Numéro de conteneur',
  nl: 'Containernummer|Container|Container nr.',
  es: 'N.º contenedor|Contenedor|Número de contenedor',
  it: 'N. container|Contenitore|Numero container',
  pt: 'N.º contentor|Contentor|Número do contentor',
});

const SEAL = words({
  en: 'Seal No.|Seal',
  de: 'Plombe|Siegel-Nr.',
  fr: 'N° scellé|Plomb',
  nl: 'Zegelnummer|Zegel',
  es: 'Precinto|N.º precinto',
  it: 'Sigillo|N. sigillo',
  pt: 'Selo|N.º do selo',
});

const GOODS = words({
  en: 'Description of Goods|Goods|Cargo Description',
  de: 'Warenbezeichnung|Ware|Beschreibung der Güter',
  fr: 'Désignation des marchandises|Marchandises|Nature de la marchandise',
  nl: 'Omschrijving goederen|Goederen|Aard van de goederen',
  es: 'Descripción de la mercancía|Mercancía|Naturaleza de la carga',
  it: 'Descrizione merce|Merce|Natura della merce',
  pt: 'Descrição da mercadoria|Mercadoria|Natureza da carga',
});

const CLAUSE: Record<Language, string> = {
  en: 'Received in apparent good order and condition, weight, measure, marks and numbers unknown.',
  de: 'In äußerlich guter Verfassung empfangen, Gewicht, Maß, Merkmale und Anzahl unbekannt.',
  fr: 'Reçu en apparent bon état, poids, mesure, marques et numéros inconnus.',
  nl: 'Ontvangen in ogenschijnlijk goede staat, gewicht, maat, merken en nummers onbekend.',
  es: 'Recibido en aparente buen estado, peso, medida, marcas y números desconocidos.',
  it: 'Ricevuto in apparente buon ordine e condizione, peso, misura, marche e numeri sconosciuti.',
  pt: 'Recebido em aparente bom estado, peso, medida, marcas e números desconhecidos.',
};

const VESSELS = [
  'AURORA BAY',
  'NORDIC STAR',
  'ATLANTIC BREEZE',
  'CAPE MONDEGO',
  'RIO TAGUS',
  'STELLA MARIS',
  'ELBE TRADER',
  'IBERIAN SPIRIT',
];

const PORTS: Record<Language, string[]> = {
  en: ['Felixstowe', 'Southampton', 'Dublin', 'Melbourne', 'Baltimore'],
  de: ['Hamburg', 'Bremerhaven', 'Wilhelmshaven'],
  fr: ['Le Havre', 'Marseille-Fos', 'Dunkerque'],
  nl: ['Rotterdam', 'Amsterdam', 'Antwerpen'],
  es: ['Valencia', 'Algeciras', 'Barcelona', 'Veracruz'],
  it: ['Genova', 'La Spezia', 'Trieste', 'Gioia Tauro'],
  pt: ['Lisboa', 'Sines', 'Leixões', 'Santos'],
};

const CARGO: Record<Language, string[]> = {
  en: [
    'Machine parts',
    'Ceramic tiles',
    'Canned tomatoes',
    'Cotton garments',
    'Steel fittings',
    'Bottled wine',
  ],
  de: [
    'Maschinenteile',
    'Keramikfliesen',
    'Tomatenkonserven',
    'Baumwollbekleidung',
    'Stahlfittings',
    'Flaschenwein',
  ],
  fr: [
    'Pièces de machines',
    'Carreaux de céramique',
    'Conserves de tomates',
    'Vêtements en coton',
    'Raccords en acier',
    'Vin en bouteilles',
  ],
  nl: [
    'Machineonderdelen',
    'Keramische tegels',
    'Tomaten in blik',
    'Katoenen kleding',
    'Stalen fittingen',
    'Wijn in flessen',
  ],
  es: [
    'Piezas de maquinaria',
    'Baldosas cerámicas',
    'Conservas de tomate',
    'Prendas de algodón',
    'Accesorios de acero',
    'Vino embotellado',
  ],
  it: [
    'Parti di macchine',
    'Piastrelle in ceramica',
    'Pomodori in scatola',
    'Abbigliamento in cotone',
    'Raccordi in acciaio',
    'Vino in bottiglia',
  ],
  pt: [
    'Peças de máquinas',
    'Azulejos cerâmicos',
    'Conservas de tomate',
    'Vestuário de algodão',
    'Acessórios de aço',
    'Vinho engarrafado',
  ],
};

export const billOfLading: KindDefinition = {
  id: 'bill_of_lading',
  compose(c) {
    const { random, language } = c;
    const line = company(c);
    const shipper = company(c);
    const consignee = company(c);
    const notify = company(c);
    c.title = c.say(TITLE);
    c.issuer = letterhead(c, line);
    const blocks: (() => void)[] = [
      () =>
        c.party(asked('shipper: Shipper|exporter: Exporter|consignor: Consignor'), SHIPPER, [
          shipper.name,
          ...shipper.address,
        ]),
      () =>
        c.party(asked('consignee: Consignee|receiver: Receiver|importer: Importer'), CONSIGNEE, [
          consignee.name,
          ...consignee.address,
        ]),
    ];
    for (const add of random.shuffle(blocks)) add();
    if (random.chance(0.6)) c.party(null, NOTIFY, [notify.name, ...notify.address]);
    const loading = random.pick(PORTS[language]);
    const foreign = Object.values(PORTS)
      .flat()
      .filter((p) => !PORTS[language].includes(p));
    const onBoard = someDay(random);
    const fields: (() => void)[] = [
      () =>
        c.field(
          asked(
            'bl_number: B/L number|bill_of_lading_no: Bill of lading no.|bol_number: BOL number',
          ),
          BL_NUMBER,
          'string',
          code(random, random.pick(['AAAA########', 'AAA-#######', '###########'])),
        ),
      () => c.decoy(BOOKING, 'string', code(random, '#########')),
      () =>
        c.field(
          asked('vessel: Vessel|ship_name: Ship name|vessel_name: Vessel name'),
          VESSEL,
          'string',
          random.pick(VESSELS),
        ),
      () => c.decoy(VOYAGE, 'string', code(random, '###A')),
      () =>
        c.field(
          asked('port_of_loading: Port of loading|origin_port: Origin port|pol: POL'),
          LOADING,
          'string',
          loading,
        ),
      () =>
        c.field(
          asked('port_of_discharge: Port of discharge|destination_port: Destination port|pod: POD'),
          DISCHARGE,
          'string',
          random.pick(foreign),
        ),
      () =>
        c.field(
          asked(
            'shipped_on_board: Shipped on board|loading_date: Loading date|on_board_date: On board date',
            'Date the goods were loaded',
          ),
          ON_BOARD,
          'date',
          onBoard,
        ),
      () =>
        c.decoy(
          PLACE_DATE_ISSUE,
          'string',
          `${loading}, ${c.style.date(addDays(onBoard, random.int(0, 3)))}`,
        ),
    ];
    for (const add of random.shuffle(fields)) add();
    if (random.chance(0.3))
      c.absent(
        asked('freight_charges: Freight charges|freight_amount: Freight amount'),
        'currency',
      );
    c.notes.push(CLAUSE[language]);

    const containers = Array.from({ length: random.int(1, 6) }, () => {
      const packages = random.int(10, 900);
      return [
        code(random, 'AAAU#######'),
        code(random, 'A######'),
        random.pick(CARGO[language]),
        packages,
        random.int(1500, 26000) + random.int(0, 9) / 10,
      ];
    });
    const weights = containers.reduce((s, row) => s + Number(row[4]), 0);
    const packages = containers.reduce((s, row) => s + Number(row[3]), 0);
    c.field(
      asked('total_packages: Total packages|packages: Packages|piece_count: Piece count'),
      PACKAGES,
      'number',
      packages,
      { place: 'totals' },
    );
    c.decoy(GROSS_WEIGHT, 'number', Math.round(weights * 10) / 10, { unit: 'kg', place: 'totals' });
    c.addTable({
      asked: asked('containers: Containers|cargo: Cargo|equipment: Equipment'),
      keyColumn: 0,
      columns: [
        {
          asked: asked(
            'container_number: Container number|container: Container|container_id: Container ID',
          ),
          header: CONTAINER,
          type: 'string',
          weight: 1.6,
        },
        { header: SEAL, type: 'string', weight: 1.1 },
        {
          asked: asked('description: Description|goods: Goods|commodity: Commodity'),
          header: GOODS,
          type: 'string',
          weight: 3,
        },
        {
          asked: asked('packages: Packages|pieces: Pieces|package_count: Package count'),
          header: PACKAGES,
          type: 'number',
          weight: 1,
        },
        {
          asked: asked('gross_weight: Gross weight|weight: Weight|weight_kg: Weight kg'),
          header: GROSS_WEIGHT,
          type: 'number',
          weight: 1.3,
        },
      ],
      rows: containers.map((values) => ({ kind: 'item', values })),
    });
  },
};
