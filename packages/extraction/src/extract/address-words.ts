/**
 * Spelling repair for printed addresses. Addresses reuse a small vocabulary (street types, building
 * words, states and large towns), and OCR misreads one letter of it often ("SERT" for "SERI", "THN"
 * for "TMN", "PERINJUSTRIAN"). A word one edit away from exactly one vocabulary word, and from no
 * other, is read as that word; everything else (names, numbers) is left as printed.
 */
import { levenshtein } from './layout.js';

/** Street and building words in English and Malay, with their printed abbreviations. */
const STREET_WORDS = [
  'jalan',
  'jln',
  'lorong',
  'lrg',
  'taman',
  'tmn',
  'bandar',
  'kampung',
  'kawasan',
  'perindustrian',
  'perusahaan',
  'persiaran',
  'lebuh',
  'lebuhraya',
  'lingkaran',
  'seksyen',
  'pusat',
  'wisma',
  'bangunan',
  'menara',
  'kompleks',
  'tingkat',
  'desa',
  'bukit',
  'sungai',
  'batu',
  'mukim',
  'jaya',
  'baru',
  'utama',
  'indah',
  'seri',
  'perdana',
  'darul',
  'ehsan',
  'takzim',
  'utara',
  'selatan',
  'timur',
  'barat',
  'tengah',
  'lama',
  'daya',
  'lot',
  'street',
  'road',
  'avenue',
  'lane',
  'drive',
  'boulevard',
  'highway',
  'floor',
  'level',
  'suite',
  'unit',
  'block',
  'building',
  'centre',
  'center',
  'plaza',
  'mall',
  'park',
  'industrial',
  'estate',
  'square',
  'garden',
  'gardens',
  'heights',
  'tower',
  'city',
];

/** States, federal territories and the largest towns of Malaysia and Singapore. */
const PLACE_WORDS = [
  'malaysia',
  'singapore',
  'selangor',
  'johor',
  'kedah',
  'kelantan',
  'melaka',
  'malacca',
  'negeri',
  'sembilan',
  'pahang',
  'perak',
  'perlis',
  'pinang',
  'penang',
  'sabah',
  'sarawak',
  'terengganu',
  'kuala',
  'lumpur',
  'putrajaya',
  'labuan',
  'wilayah',
  'persekutuan',
  'petaling',
  'shah',
  'alam',
  'klang',
  'kajang',
  'ipoh',
  'seremban',
  'kuching',
  'cheras',
  'puchong',
  'ampang',
  'subang',
  'damansara',
  'kepong',
  'bahru',
  'georgetown',
  'butterworth',
  'cyberjaya',
  'rawang',
  'semenyih',
  'nilai',
];

const VOCABULARY = new Set([...STREET_WORDS, ...PLACE_WORDS]);
const BY_LENGTH = new Map<number, string[]>();
for (const word of VOCABULARY) {
  for (const length of [word.length - 1, word.length, word.length + 1]) {
    BY_LENGTH.set(length, [...(BY_LENGTH.get(length) ?? []), word]);
  }
}

/** The vocabulary word a misread token stands for, or null when none (or more than one) fits. */
export function addressWordFor(token: string): string | null {
  const lower = token.toLowerCase();
  if (lower.length < 3 || VOCABULARY.has(lower)) return null;
  // A three-letter token has too many one-edit neighbours among real words; only abbreviations
  // written in capitals, with a letter in the wrong place, are repaired.
  const allowed = lower.length <= 3 ? 1 : lower.length >= 9 ? 2 : 1;
  if (lower.length <= 3 && token !== token.toUpperCase()) return null;
  let found: string | null = null;
  for (const word of BY_LENGTH.get(lower.length) ?? []) {
    if ((word.length <= 3 || lower.length <= 3) && lower.length !== word.length) continue;
    const distance = levenshtein(lower, word);
    if (distance === 0 || distance > allowed) continue;
    // Words must agree on the first letter or the last two: OCR rarely garbles both ends at once.
    // Short words must agree on the first letter: "DAYA" is not a misread "JAYA".
    if (word[0] !== lower[0] && (lower.length <= 4 || word.slice(-2) !== lower.slice(-2))) continue;
    if (found && found !== word) return null;
    found = word;
  }
  return found;
}

const matchCase = (model: string, word: string): string => {
  if (model === model.toUpperCase()) return word.toUpperCase();
  if (model[0] === model[0]?.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
};

/** An address with misread vocabulary words repaired, keeping punctuation, numbers and case style. */
export function repairAddressWords(address: string): string {
  return address.replace(/[A-Za-z_]{3,}/g, (token) => {
    // '_' is how OCR reads an L whose stem it lost, and a capital I among small letters is an l
    const cleaned = token.replace(/_/g, 'l').replace(/(?<=[a-z])I|I(?=[a-z])/g, 'l');
    const word = VOCABULARY.has(cleaned.toLowerCase())
      ? cleaned.toLowerCase()
      : addressWordFor(cleaned);
    return word ? matchCase(token.replace(/_/g, ''), word) : token;
  });
}
