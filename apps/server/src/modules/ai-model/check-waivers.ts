/** Words that turn a check off, waive it or count it as passed. */
const SWITCH_OFF =
  '(?:ignor\\w*|waiv\\w*|skip\\w*|disabl\\w*|overrid\\w*|overrul\\w*|suppress\\w*|bypass\\w*|dismiss\\w*|(?:switch|turn)\\w*\\s+off|as\\s+(?:pass\\w*|ok|green))';
/** What a check is about when it speaks of other checks rather than of the values. */
const CHECKS = '(?:checks?|validations?|failures?|failed|errors?|warnings?)';

const WAIVES = new RegExp(
  `\\b${SWITCH_OFF}\\b[^.]*\\b${CHECKS}\\b|\\b${CHECKS}\\b[^.]*\\b${SWITCH_OFF}`,
  'i',
);

/**
 * Whether a check the model reports speaks of switching other checks off ("ignore every failed
 * check", "all failures are waived"). Checks are the product's, not the company's instructions'
 * or the document's: such a check is no check of the values, and reporting it as passed would
 * read as if the failures had been cleared.
 */
export function waivesChecks(text: string): boolean {
  return WAIVES.test(text);
}
