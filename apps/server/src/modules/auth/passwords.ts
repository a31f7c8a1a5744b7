import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordUserInputs } from '@parser/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (about 15 ms per hash here).
// `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * zxcvbn's guess estimate with the common dictionaries (leaked passwords, diceware words, keyboard
 * layouts); the sign-up form uses the same ones, so it refuses what the server refuses. Built on
 * first use: indexing the dictionaries takes a moment that the server's start need not wait for.
 */
let estimator: ZxcvbnFactory | undefined;
const passwordEstimator = () =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/**
 * True when the password is too short or easy to guess (PASSWORD_RULE): a common password or
 * word, a date, a keyboard pattern, a repetition, or made of the e-mail address.
 */
export function isWeakPassword(password: string, email: string): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return true;
  return passwordEstimator().check(password, passwordUserInputs(email)).score < MIN_PASSWORD_SCORE;
}

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = (): Promise<string> =>
  (decoyHash ??= hashPassword('decoy-password-never-used'));
