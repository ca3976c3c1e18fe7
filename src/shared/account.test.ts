import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, fieldErrors, nameField, SignUpSchema } from './account.ts';

const form = {
  firstName: 'Asha',
  lastName: 'Rao',
  username: 'asha42',
  email: 'asha42@example.com',
  password: 'Verdict#2024x',
  confirmPassword: 'Verdict#2024x',
};

describe('the name rule', () => {
  it('takes letters of every script with their marks, hyphens, apostrophes and spaces', () => {
    for (const name of [
      'प्रिया',
      'தமிழ்',
      'Zoë',
      'Zoe\u0308', // ë written as e + a combining diaeresis
      "D'Cruz",
      'D’Cruz',
      'Anne-Marie',
      'Mary Ann',
      'বাংলা',
      'ಕನ್ನಡ',
    ]) {
      // Kept as typed, in NFC (decision 0044): the decomposed ë becomes the one letter.
      expect(nameField.safeParse(name), name).toMatchObject({ success: true, data: name.normalize('NFC') });
    }
  });

  it('refuses digits only, symbols only, and text that does not start with a letter', () => {
    for (const name of ['12345', '---', "''", '@#$%', '1Asha', '\u0947\u0930', 'A']) {
      const result = nameField.safeParse(name);
      expect(result.success, name).toBe(false);
      expect(result.error?.issues[0]?.message, name).toBe(ACCOUNT_MESSAGES.name);
    }
  });

  it('keeps the joiners and stores the composed form (NFC)', () => {
    for (const name of ['क्\u200Dष', 'क्\u200Cष', 'മലയാളം\u200D']) {
      expect(nameField.safeParse(name), name).toMatchObject({ success: true, data: name });
    }
    // फ़ as one code point (U+095E, which NFC decomposes) and as फ with a nukta: one name.
    const [a, b] = ['\u095Eरहान', '\u092B\u093Cरहान'].map((n) => nameField.parse(n));
    expect(a).toBe(b);
    expect(nameField.parse('Zoe\u0308')).toBe('Z\u006F\u00EB');
  });

  it('is the sign-up form’s rule for both names', () => {
    const ok = SignUpSchema.safeParse({ ...form, firstName: 'प्रिया', lastName: 'தமிழ்' });
    expect(ok.success).toBe(true);
    const bad = SignUpSchema.safeParse({ ...form, firstName: '1234', lastName: '!!' });
    expect(bad.success || fieldErrors(bad.error)).toEqual({
      firstName: ACCOUNT_MESSAGES.name,
      lastName: ACCOUNT_MESSAGES.name,
    });
  });
});
