/** The review screen's keyboard shortcuts, as the '?' dialog and the README list them. */
export interface Shortcut {
  /** Keys pressed together, in order. */
  keys: string[];
  /** What happens. */
  action: string;
}

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.userAgent);

/** The platform's command key: ⌘ on a Mac, Ctrl elsewhere. */
export const modKey = () => (isMac() ? '⌘' : 'Ctrl');

export function reviewShortcuts(): Shortcut[] {
  const mod = modKey();
  return [
    { keys: ['?'], action: 'Show these shortcuts' },
    { keys: ['Enter'], action: 'Move to the next value' },
    { keys: ['Tab'], action: 'Move through the fields, then the tables, then the decision' },
    {
      keys: [mod, 'Enter'],
      action: 'Submit the review; at approval, send the decision (asks first)',
    },
    {
      keys: [mod, 'Shift', 'Enter'],
      action: 'Submit & next; at approval, Approve & next (asks first)',
    },
    { keys: ['Alt', '↓'], action: 'Open the next document of the queue' },
    { keys: ['Alt', '↑'], action: 'Open the previous document of the queue' },
    { keys: ['Esc'], action: 'Close a dialog' },
  ];
}

/** Focus is in a text box, where keys such as '?' are typing. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type))
  );
}
