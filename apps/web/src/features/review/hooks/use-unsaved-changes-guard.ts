import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Holds navigation away from the page while there are unsaved edits: links and back/forward inside
 * the app are blocked (the caller asks the user through the blocker), and closing or reloading the
 * tab gets the browser's own warning. `allowNextNavigation()` lets one navigation through, for
 * moving on right after a save, before the page has re-rendered as clean.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    blocker,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
