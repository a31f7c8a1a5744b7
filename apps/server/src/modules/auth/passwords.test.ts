import { describe, expect, it } from 'vitest';

import { isWeakPassword } from './passwords.js';

const EMAIL = 'jonathan.whitfield@example.com';

describe('isWeakPassword', () => {
  it.each([
    ['shorter than 8 characters', 'Xq7#vbn'],
    ['a leaked password', 'password123'],
    ['a leaked password with a capital', 'Password1'],
    ['a run of digits', '12345678'],
    ['one character repeated', 'aaaaaaaaaa'],
    ['a short pattern repeated', 'abcabcabcabc'],
    ['a keyboard row', 'qwertyuiop'],
    ['a single common word', 'football'],
    ['a word and a recent year', 'summer2024'],
    ["the e-mail address's name", 'jonathan.whitfield'],
    ['the e-mail address itself', EMAIL],
  ])('refuses %s', (_what, password) => {
    expect(isWeakPassword(password, EMAIL)).toBe(true);
  });

  it.each([
    ['a few unrelated words', 'correct horse battery'],
    ['words joined with digits', 'Bench-password-42'],
    ['mixed characters', 'Tr0ub4dor&3'],
  ])('accepts %s', (_what, password) => {
    expect(isWeakPassword(password, EMAIL)).toBe(false);
  });

  it("counts a word of the e-mail address's name as guessable, for that account only", () => {
    expect(isWeakPassword('whitfield2024', EMAIL)).toBe(true);
    expect(isWeakPassword('whitfield2024', 'ada@example.com')).toBe(false);
  });
});
