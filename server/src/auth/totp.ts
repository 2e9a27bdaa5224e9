import { randomInt } from 'node:crypto';
import { LIMITS, SITE_TEXTS, TIMINGS } from '@hiraku/shared';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) with the parameters every authenticator app reads from a QR code: SHA-1, six digits,
 * 30-second steps. `otpauth` does the arithmetic; replay refusal is ours (twoFactor.ts).
 */
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: TIMINGS.totpPeriodSec } as const;

/** 160 random bits, as RFC 4226 recommends, in base32 for typing into an app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function isTotpSecret(value: string): boolean {
  return /^[A-Z2-7]{16,64}$/.test(value);
}

/** The otpauth:// URI of the QR code: the app shows the site's name and the member's address. */
export function otpauthUri(secret: string, accountLabel: string): string {
  return new TOTP({ ...PARAMETERS, issuer: SITE_TEXTS.name, label: accountLabel, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step a timestamp falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TIMINGS.totpPeriodSec);
}

/**
 * The step `code` belongs to, within LIMITS.totpWindowSteps of now (clocks drift), or null. The caller
 * refuses a step already used.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = TOTP.validate({ ...PARAMETERS, secret: Secret.fromBase32(secret), token: code, timestamp: now.getTime(), window: LIMITS.totpWindowSteps });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code of one step: what the member's app shows (tests, and the CLI's own check). */
export function totpCodeAt(secret: string, step: number): string {
  return TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secret), timestamp: step * TIMINGS.totpPeriodSec * 1000 });
}

// No 0/O, 1/I/L: a code copied from paper must not be misread.
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 10;

/** Ten letters and digits (~50 bits), shown as `ABCDE-FGHJK`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The form a recovery code is hashed and compared in: upper case, without spaces or hyphens. */
export function normaliseRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return plain.length === RECOVERY_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : null;
}

export const RECOVERY_CODE_COUNT = LIMITS.recoveryCodeCount;
