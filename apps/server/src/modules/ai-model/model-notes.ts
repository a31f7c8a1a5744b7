/**
 * What the page made of a model value that is not simply the value now, for the history and the
 * Test step: a reviewer sees each suggestion that was not applied and each value the page does
 * not print.
 */
export type ModelNote =
  /** The model's value was not applied: the page does not support it better than the value kept. */
  | { kind: 'kept'; place: string; proposed: Shown; printed: boolean; kept: Shown }
  /** The model's value fills an empty place, though the page does not print it. */
  | { kind: 'unprinted'; place: string; proposed: Shown; confidence: number }
  /** The model proposed a table row the page does not print: it was not added. */
  | { kind: 'row_left_out'; place: string; row: Shown[] };

type Shown = string | number | boolean | null;

/** Notes named one history entry each at most; the rest are counted in one more. */
const NOTES_NAMED = 10;

const shown = (value: Shown) =>
  value === null ? 'nothing' : typeof value === 'string' ? `"${value}"` : String(value);

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

export function noteText(note: ModelNote): string {
  switch (note.kind) {
    case 'kept':
      if (note.proposed === null) {
        return `${note.place}: the model proposed clearing it; ${shown(note.kept)} was kept.`;
      }
      return note.printed
        ? `${note.place}: the model proposed ${shown(note.proposed)}; the page supports it no better than ${shown(note.kept)}, which was kept.`
        : `${note.place}: the model proposed ${shown(note.proposed)}, which the page does not print; ${shown(note.kept)} was kept.`;
    case 'unprinted':
      return `${note.place}: the model's ${shown(note.proposed)} is not printed on the page; it fills the empty field at ${percent(note.confidence)} and needs checking.`;
    case 'row_left_out':
      return `${note.place}: the model proposed a row (${note.row.map(shown).join(', ')}) that the page does not print; it was not added.`;
  }
}

/** The notes as history messages, the first few named and the rest counted. */
export function noteMessages(notes: readonly ModelNote[]): string[] {
  const messages = notes.slice(0, NOTES_NAMED).map(noteText);
  const more = notes.length - NOTES_NAMED;
  if (more > 0) {
    messages.push(
      `${more} more of the model's values are not printed on the page or not supported better than the values read; they were handled the same way.`,
    );
  }
  return messages;
}
