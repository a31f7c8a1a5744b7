/**
 * How one document prints its values: the country's number style and currency mark, numeric or
 * written dates in the country's order, yes/no words or tick boxes, and whether labels end in ":".
 */
import type { Country } from '../corpus/countries.js';
import {
  formatMoney,
  formatNumber,
  formatNumericDate,
  type MoneyStyle,
  type NumberStyle,
  parseIso,
} from '../corpus/formats.js';
import { LANGUAGE_PACKS, type Language } from '../corpus/languages.js';
import type { Random } from '../corpus/random.js';
import { YES_NO } from './words/letter.js';

export interface PrintStyle {
  language: Language;
  numberStyle: NumberStyle;
  money: MoneyStyle;
  /** Labels of key–value pairs end in a colon. */
  colon: boolean;
  date(iso: string): string;
  /** Money with the currency mark when `marked`, else the bare figure. */
  amount(value: number, marked: boolean): string;
  /** Whether single amounts (outside tables) carry the currency mark. */
  marksAmounts: boolean;
  number(value: number, decimals: number): string;
  boolean(value: boolean): string;
}

export function printStyleOf(random: Random, country: Country, language: Language): PrintStyle {
  const pack = LANGUAGE_PACKS[language];
  const numberStyle = random.pick(country.numberStyles);
  const money = random.pick(country.money);
  const numeric = random.pick(country.numericDates);
  const written = random.chance(0.3) ? random.pick(pack.writtenDates) : null;
  const [yes, no] = YES_NO[language];
  const ticks = random.chance(0.35);
  return {
    language,
    numberStyle,
    money,
    colon: random.chance(0.6),
    date: (iso) => {
      if (!written) return formatNumericDate(iso, numeric);
      const { year, month, day } = parseIso(iso);
      return written(day, pack.months[month - 1] ?? '', year);
    },
    amount: (value, marked) => formatMoney(value, numberStyle, marked ? money : null),
    marksAmounts: random.chance(0.6),
    number: (value, decimals) => formatNumber(value, numberStyle, decimals),
    // a tick box prints both answers and marks one, as forms do
    boolean: (value) =>
      ticks ? `${value ? '[X]' : '[ ]'} ${yes}   ${value ? '[ ]' : '[X]'} ${no}` : value ? yes : no,
  };
}
