import { describe, expect, it } from 'vitest';

import { indexedPattern, wordsOf } from './name-search.js';

const scannerNames = Array.from({ length: 100 }, (_, n) => `scan_invoice-${n}.pdf`);
const words = (text: string) => wordsOf(text).filter((word) => word.length >= 3);

describe('the pattern the trigram index is asked for', () => {
  it('leaves out the words most of the company’s names share', () => {
    expect(indexedPattern('invoice-1042', words('invoice-1042'), scannerNames)).toBe('%%-1042%');
    expect(indexedPattern('Scan 7781 pdf', words('Scan 7781 pdf'), scannerNames)).toBe(
      '%% 7781 %%',
    );
  });

  it('keeps rare words in place with the characters around them, so every whole match still matches', () => {
    expect(indexedPattern('march 2041 acme', words('march 2041 acme'), scannerNames)).toBe(
      '%march 2041 acme%',
    );
    expect(indexedPattern('acme invoice 2041', words('acme invoice 2041'), scannerNames)).toBe(
      '%acme % 2041%',
    );
  });

  it('asks the index for nothing when one name in twenty or more holds the text', () => {
    expect(indexedPattern('invoice', words('invoice'), scannerNames)).toBeNull();
    expect(indexedPattern('Invoice-9', words('Invoice-9'), scannerNames)).toBeNull();
  });

  it('asks for the whole text when every word is common but the text is not', () => {
    expect(indexedPattern('invoice pdf', words('invoice pdf'), scannerNames)).toBe('%invoice pdf%');
  });

  it('asks for the whole text when the company has no names yet', () => {
    expect(indexedPattern('50%_off', words('50%_off'), [])).toBe('%50\\%\\_off%');
  });

  it('splits words on anything but letters and digits, in any script', () => {
    expect(wordsOf('Rechnung_Müller-2024.pdf')).toEqual(['Rechnung', 'Müller', '2024', 'pdf']);
  });
});
