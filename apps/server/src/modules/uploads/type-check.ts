import type { TypeSuggestion, ValidationResult } from '@parser/contracts';
import type { Classification, TypeMatch } from '@parser/extraction';

/**
 * How much better another type must score than the chosen one before it is suggested: close calls
 * go to the person who chose, without a note to second-guess them.
 */
export const BETTER_TYPE_MARGIN = 0.15;

/** How many printed words a reason quotes. */
const QUOTED_WORDS = 4;

interface NamedType {
  id: string;
  name: string;
}

const quoted = (match: TypeMatch): string =>
  match.evidence
    .slice(0, QUOTED_WORDS)
    .map((words) => `'${words}'`)
    .join(', ') + (match.evidence.length > QUOTED_WORDS ? '…' : '');

const share = (match: TypeMatch | undefined): string =>
  `${match?.matched.length ?? 0} of ${match?.counted ?? 0}`;

/**
 * The upload check's answer for a file that could be read: it is always processed as the chosen
 * type (clerks know documents their wording does not give away), and when its content looks
 * clearly more like another of the company's types, that type is suggested with the printed
 * words that point to it.
 */
export function checkChosenType(
  classification: Classification,
  types: readonly NamedType[],
  chosen: NamedType,
): ValidationResult {
  const matchOf = (id: string) => classification.scores.find((s) => s.typeId === id);
  const own = matchOf(chosen.id);
  const chosenScore = own?.score ?? 0;
  const reason = own?.matched.length
    ? `Matched ${share(own)} fields of '${chosen.name}' (${quoted(own)})`
    : `None of the labels of '${chosen.name}' were found; it is processed as ${chosen.name}`;
  const result: ValidationResult = { matchedDocTypeId: chosen.id, reason, score: chosenScore };

  const best = types.find((type) => type.id === classification.typeId);
  const bestMatch = best ? matchOf(best.id) : undefined;
  if (!best || !bestMatch || best.id === chosen.id) return result;
  if (bestMatch.score - chosenScore < BETTER_TYPE_MARGIN) return result;
  const suggestion: TypeSuggestion = {
    docTypeId: best.id,
    docTypeName: best.name,
    reason:
      `It looks more like ${best.name}: it prints ${quoted(bestMatch)} ` +
      `(${share(bestMatch)} of its fields, against ${share(own)} of ${chosen.name})`,
    evidence: bestMatch.evidence,
    score: bestMatch.score,
  };
  return { ...result, suggestion };
}
