import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '@parser/contracts';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (about 15 ms per hash here).
// `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The most common leaked passwords of 8+ characters; a password on this list is refused. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq12wsx',
  'asdfghjkl',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'superman',
  'trustno1',
  'whatever',
  'starwars',
  'letmein1',
  'abc12345',
  'abcd1234',
  'admin123',
  'administrator',
  'changeme',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'corvette',
  'mercedes',
  'mustang1',
  'aa123456',
  'a1234567',
  'qwer1234',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'monkey123',
  'dragon123',
  'master123',
  'shadow123',
  'hello123',
  'secret123',
  'test1234',
  'testtest',
  'password!',
  'letmein!',
  'welcome!',
]);

/** True when the password is too short, on the common list, or the e-mail's own name. */
export function isWeakPassword(password: string, email: string): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return true;
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return true;
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length > 0 && lowered === localPart) return true;
  return new Set(lowered).size < 3;
}

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = (): Promise<string> =>
  (decoyHash ??= hashPassword('decoy-password-never-used'));
