import type { KeyboardEvent } from 'react';

/**
 * Enter in a value moves to the next one (Shift + Enter to the previous; Tab still works); after
 * the last, to the decision (`#review-decision`). Values are the inputs marked `data-review-input`.
 */
export function moveOnEnter(event: KeyboardEvent<HTMLElement>) {
  const target = event.target;
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
  const isValue = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  if (event.nativeEvent.isComposing || !isValue) return;
  if (!target.hasAttribute('data-review-input')) return;
  event.preventDefault();
  // Text values are text areas (they wrap), the others inputs.
  const inputs = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>(
      'input[data-review-input], textarea[data-review-input]',
    ),
  );
  const next = inputs[inputs.indexOf(target) + (event.shiftKey ? -1 : 1)];
  if (next) next.focus();
  else if (!event.shiftKey) document.getElementById('review-decision')?.focus();
}
