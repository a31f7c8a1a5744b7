import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

/**
 * zxcvbn with the dictionaries the server judges with (leaked passwords, diceware words, keyboard
 * layouts) and its English feedback. About 250 kB gzipped: only `password-problem.ts` imports this
 * file, lazily, so the dictionaries download on the password screens alone.
 */
export const passwordEstimator = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  translations: {
    ...translations,
    warnings: {
      ...translations.warnings,
      // zxcvbn's own wording ('personal or page related data') is vaguer than what it found.
      userInputs: 'Parts of your e-mail address are easy to guess.',
    },
  },
});
