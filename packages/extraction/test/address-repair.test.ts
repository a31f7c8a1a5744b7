import { describe, expect, it } from 'vitest';

import { repairAddressCommas, repairAddressFigures } from '../src/extract/strategies/addresses.js';

describe('address repairs', () => {
  it('reads letters OCR put among the figures of an address back as digits', () => {
    expect(repairAddressFigures('4330O SERI KEMBANGAN')).toBe('43300 SERI KEMBANGAN');
    expect(repairAddressFigures('Jalan 7/1l8B')).toBe('Jalan 7/118B');
    expect(repairAddressFigures('No.I Jln Kiara')).toBe('No.1 Jln Kiara');
    expect(repairAddressFigures('L0T 1851-A')).toBe('LOT 1851-A');
    expect(repairAddressFigures('LOT P.T. 2B11, JALAN ANGSA')).toBe('LOT P.T. 2811, JALAN ANGSA');
    // words and real letters after numbers stay as printed
    expect(repairAddressFigures('SS23/11 TAMAN SEA')).toBe('SS23/11 TAMAN SEA');
    expect(repairAddressFigures('LOT 1851-A')).toBe('LOT 1851-A');
  });

  it('reads periods and semicolons between the parts of an address as commas, not after abbreviations', () => {
    expect(repairAddressCommas('PETALING JAYA.SELANGOR')).toBe('PETALING JAYA, SELANGOR');
    expect(repairAddressCommas('JALAN KLANG LAMA; 46000')).toBe('JALAN KLANG LAMA, 46000');
    expect(repairAddressCommas('Batu 5. 51200 Kuala Lumpur')).toBe('Batu 5, 51200 Kuala Lumpur');
    expect(repairAddressCommas('JLN. TUN RAZAK, Hauptstr. 12')).toBe(
      'JLN. TUN RAZAK, Hauptstr. 12',
    );
  });
});
