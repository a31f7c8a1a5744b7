import { createRequire } from 'node:module';
import path from 'node:path';

/** The languages whose scans the second reader reads, each with tesseract's language data from npm. */
export const READER_LANGUAGES = ['en', 'de', 'fr', 'nl', 'es', 'it', 'pt'] as const;
export type ReaderLanguage = (typeof READER_LANGUAGES)[number];

/** Tesseract's code of each language: the name of its `@tesseract.js-data/<code>` package. */
const TESSERACT_CODE: Record<ReaderLanguage, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  nl: 'nld',
  es: 'spa',
  it: 'ita',
  pt: 'por',
};

const require = createRequire(import.meta.url);

export interface LanguageData {
  /** Tesseract's language code. */
  code: string;
  /** The folder of its gzipped traineddata (the LSTM model and the language's word lists). */
  folder: string;
}

/**
 * Where a language's tesseract data was installed from npm: the `4.0.0_best_int` model, LSTM
 * only, the smaller and faster of the two the packages carry. Read from disk, never fetched.
 */
export function languageData(language: ReaderLanguage): LanguageData {
  const code = TESSERACT_CODE[language];
  const folder = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  return { code, folder: path.join(folder, '4.0.0_best_int') };
}
