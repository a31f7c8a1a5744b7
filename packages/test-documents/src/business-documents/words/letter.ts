/**
 * The words of a letter that carries its values in sentences: greeting, subject line, sentence
 * frames that put a label and its value together ({label} and {value}), and the closing.
 */
import type { Language } from '../../corpus/languages.js';
import type { Phrasings } from '../model.js';
import { words } from './phrasings.js';

export const YES_NO: Record<Language, readonly [yes: string, no: string]> = {
  en: ['Yes', 'No'],
  de: ['Ja', 'Nein'],
  fr: ['Oui', 'Non'],
  nl: ['Ja', 'Nee'],
  es: ['Sí', 'No'],
  it: ['Sì', 'No'],
  pt: ['Sim', 'Não'],
};

export const GREETING = words({
  en: 'Dear Sir or Madam,|Dear Customer,',
  de: 'Sehr geehrte Damen und Herren,|Guten Tag,',
  fr: 'Madame, Monsieur,|Chère cliente, cher client,',
  nl: 'Geachte heer, mevrouw,|Beste klant,',
  es: 'Estimados señores:|Estimado cliente:',
  it: 'Gentili Signori,|Gentile cliente,',
  pt: 'Exmos. Senhores,|Caro cliente,',
});

export const SUBJECT = words({
  en: 'Re: {title}|Subject: {title}',
  de: 'Betreff: {title}|{title}',
  fr: 'Objet : {title}|Objet: {title}',
  nl: 'Betreft: {title}|Onderwerp: {title}',
  es: 'Asunto: {title}|Ref.: {title}',
  it: 'Oggetto: {title}|Rif.: {title}',
  pt: 'Assunto: {title}|Ref.: {title}',
});

/** Sentences holding one label and its value; the label is written in lower case where the language does. */
export const SENTENCES = words({
  en: 'The {label} is {value}.|We hereby confirm {value} as the {label}.|Please note that the {label} is {value}.',
  de: 'Als {label} gilt {value}.|Wir bestätigen {value} als {label}.|Bitte beachten Sie: {label} ist {value}.',
  fr: 'Votre {label} est {value}.|Nous confirmons {value} comme {label}.|Pour mémoire, {label} : {value}.',
  nl: 'Uw {label} is {value}.|Wij bevestigen {value} als {label}.|Let op: {label} is {value}.',
  es: 'Su {label} es {value}.|Confirmamos {value} como {label}.|Tenga en cuenta: {label} {value}.',
  it: 'Confermiamo {value} come {label}.|Indichiamo {value} quale {label}.|Si ricorda: {label} {value}.',
  pt: 'Confirmamos {value} como {label}.|Indicamos {value} como {label}.|Recordamos: {label} {value}.',
});

export const CLOSING = words({
  en: 'Yours faithfully,|Kind regards,',
  de: 'Mit freundlichen Grüßen|Freundliche Grüße',
  fr: 'Veuillez agréer nos salutations distinguées.|Cordialement,',
  nl: 'Met vriendelijke groet,|Hoogachtend,',
  es: 'Atentamente,|Un cordial saludo,',
  it: 'Distinti saluti,|Cordiali saluti,',
  pt: 'Com os melhores cumprimentos,|Atenciosamente,',
});

/** Lower-case a label for the middle of a sentence: "Effective date" → "effective date", not "IBAN". */
export function inSentence(label: string, language: Language): string {
  if (language === 'de') return label;
  return /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** Fills a frame: `fill('The {label} is {value}.', …)`. */
export const fill = (frame: string, parts: Record<string, string>): string =>
  frame.replace(/\{(\w+)\}/g, (_, name: string) => parts[name] ?? '');

export type { Phrasings };
