import { useState } from 'react';

/**
 * Runs a form's async submit action and keeps what the form shows meanwhile: whether it is
 * running, and the error of the last attempt (cleared when a new attempt starts).
 */
export function useSubmitAction<T>(action: (values: T) => Promise<unknown>) {
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: T) => {
    setError(null);
    setSubmitting(true);
    try {
      await action(values);
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, error, submitting };
}
