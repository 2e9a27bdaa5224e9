import { TEXTS, passwordSchema, signupSchema } from '@hiraku/shared';
import { AppError } from '../errors';
import { isCommonPassword } from './commonPasswords';
import { assertAcceptablePassword } from './passwordPolicy';

describe('password policy', () => {
  it('refuses passwords from the leaked lists, their case variants and plain runs', () => {
    for (const weak of ['password', 'Password123', 'QWERTYUIOP', '12345678', 'abcdefgh', 'aaaaaaaaaa', 'iloveyou', 'slave123']) {
      expect(isCommonPassword(weak)).toBe(true);
    }
  });

  it('accepts ordinary strong passwords, including Japanese ones', () => {
    for (const strong of ['nawa-to-rousoku-2024', 'Kinbaku!Night7', 'ひらくのパスワード', 'correct horse battery']) {
      expect(isCommonPassword(strong)).toBe(false);
    }
  });

  it('answers a common password with a 400 naming the field, in Japanese', () => {
    let caught: unknown;
    try {
      assertAcceptablePassword('password1', 'newPassword');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).toBody()).toEqual({
      error: 'validation_error',
      message: TEXTS.account.passwordTooCommon,
      fields: { newPassword: TEXTS.account.passwordTooCommon },
    });
    expect(() => assertAcceptablePassword('nawa-to-rousoku-2024', 'password')).not.toThrow();
  });

  it('counts length in characters: 8 to 128', () => {
    const message = (value: string) => {
      const result = passwordSchema.safeParse(value);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message('')).toBe(TEXTS.account.passwordRequired);
    expect(message('a1b2c3d')).toBe(TEXTS.account.passwordTooShort);
    expect(message('a1b2c3d4')).toBeNull();
    expect(message('ひらくひらくひら')).toBeNull();
    expect(message('x'.repeat(128))).toBeNull();
    expect(message('x'.repeat(129))).toBe(TEXTS.account.passwordTooLong);
  });

  it('requires the adult and terms tick at sign-up', () => {
    const result = signupSchema.safeParse({ email: 'a@example.com', password: 'nawa-to-rousoku-2024', agreedToTerms: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXTS.account.mustAgreeToTerms);
  });
});
