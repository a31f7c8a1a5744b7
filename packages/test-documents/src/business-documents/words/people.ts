/** Made-up people (employees, patients, approvers) with names as each language's countries write them. */
import type { Language } from '../../corpus/languages.js';
import type { Random } from '../../corpus/random.js';

const NAMES: Record<Language, { first: string[]; last: string[] }> = {
  en: {
    first: 'James Emily Oliver Sophie Daniel Hannah Thomas Grace Michael Laura Robert Chloe'.split(
      ' ',
    ),
    last: 'Bennett Walsh Holloway Turner Griffiths Parker Sutton Lambert Foster Reid Dawson Mills'.split(
      ' ',
    ),
  },
  de: {
    first: 'Jonas Lena Felix Anna Lukas Marie Stefan Julia Matthias Katrin Tobias Sabine'.split(
      ' ',
    ),
    last: 'Schneider Hoffmann Becker Wagner Krüger Richter Zimmermann Neumann Schulz Lehmann Vogel Brandt'.split(
      ' ',
    ),
  },
  fr: {
    first:
      'Camille Julien Claire Antoine Élodie Nicolas Manon Sébastien Chloé Mathieu Pauline Olivier'.split(
        ' ',
      ),
    last: 'Lefèvre Moreau Girard Fontaine Rousseau Mercier Dupont Lambert Faure Chevalier Garnier Roux'.split(
      ' ',
    ),
  },
  nl: {
    first: 'Daan Sanne Lars Eva Thijs Lotte Bram Fleur Ruben Anouk Jeroen Marloes'.split(' '),
    last: 'de Vries|Jansen|Bakker|Visser|Smit|Meijer|de Boer|Mulder|Bos|Vos|Peters|Hendriks'.split(
      '|',
    ),
  },
  es: {
    first: 'Lucía Javier Marta Pablo Carmen Alejandro Elena Sergio Laura Daniel Paula Andrés'.split(
      ' ',
    ),
    last: 'García Fernández López Martínez Sánchez Romero Navarro Torres Domínguez Gil Ruiz Ortega'.split(
      ' ',
    ),
  },
  it: {
    first:
      'Giulia Marco Francesca Luca Chiara Alessandro Sara Matteo Elena Davide Valentina Paolo'.split(
        ' ',
      ),
    last: 'Rossi Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Esposito Ferrari'.split(
      ' ',
    ),
  },
  pt: {
    first: 'João Ana Pedro Mariana Tiago Beatriz Rui Inês Miguel Sofia Ricardo Carla'.split(' '),
    last: 'Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Martins Sousa Fernandes Gomes Lopes'.split(
      ' ',
    ),
  },
};

/** A first and last name, e.g. "Katrin Zimmermann". */
export function personName(random: Random, language: Language): string {
  const names = NAMES[language];
  return `${random.pick(names.first)} ${random.pick(names.last)}`;
}
