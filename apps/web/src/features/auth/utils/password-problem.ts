import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordUserInputs } from '@parser/contracts';

type PasswordEstimator = typeof import('./password-estimator').passwordEstimator;

let estimator: Promise<PasswordEstimator | null> | undefined;

/**
 * Download the password dictionaries once; a password screen starts it on opening. Answers null
 * when the download fails (and tries again next time): the server's own check still applies.
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator | null> {
  estimator ??= import('./password-estimator').then(
    (module) => module.passwordEstimator,
    () => {
      estimator = undefined;
      return null;
    },
  );
  return estimator;
}

/**
 * Why the server would refuse this password for this e-mail address, in zxcvbn's words ('This is
 * a commonly used password. Add more words that are less common.'), or null when it meets the rule.
 */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password is too weak. Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  const loaded = await loadPasswordEstimator();
  if (!loaded) return null;
  const result = loaded.check(password, passwordUserInputs(email));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const advice = [warning, ...suggestions].filter(Boolean);
  return ['Password is too weak.', ...(advice.length ? advice : ['Make it longer.'])].join(' ');
}
