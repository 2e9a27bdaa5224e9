import { TIMINGS } from '@hiraku/shared';
import { Secret, TOTP } from 'otpauth';

/** A new base32 TOTP secret, as `create-user --totp-secret` takes it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const lastStepUsed = new Map<string, number>();
const stepAt = (ms: number) => Math.floor(ms / 1000 / TIMINGS.totpPeriodSec);

/**
 * The code an authenticator app shows for `secret`, computed here as the test's "phone". The server
 * refuses a step used before, so logging the same account in again within 30 seconds takes the next
 * step (still inside the accepted window); past that, this waits for the clock's next step.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const current = stepAt(Date.now());
    const last = lastStepUsed.get(secret) ?? -1;
    const step = [current, current + 1].find((candidate) => candidate > last);
    if (step !== undefined) {
      lastStepUsed.set(secret, step);
      return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TIMINGS.totpPeriodSec, timestamp: step * TIMINGS.totpPeriodSec * 1000 });
    }
    // Both usable steps are spent: poll the clock until a new step begins (at most 30 s, and rare).
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Lets the helper know the step a page used on its own (a code typed by the test through the UI). */
export function markTotpStepUsed(secret: string, code: string): void {
  const now = stepAt(Date.now());
  for (const step of [now - 1, now, now + 1]) {
    const candidate = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TIMINGS.totpPeriodSec, timestamp: step * TIMINGS.totpPeriodSec * 1000 });
    if (candidate === code) lastStepUsed.set(secret, Math.max(lastStepUsed.get(secret) ?? -1, step));
  }
}
