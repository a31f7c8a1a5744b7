import { useEffect } from 'react';

import { loadPasswordEstimator, passwordProblem } from '../utils/password-problem';

/**
 * For a form that sets a password: starts loading the password dictionaries when it opens, so
 * they are there when it is sent, and answers the check its submit awaits before sending.
 */
export function usePasswordProblem() {
  useEffect(() => {
    void loadPasswordEstimator();
  }, []);
  return passwordProblem;
}
