import { LIMITS } from '@hiraku/shared';
import { TextField } from './TextField';

/** The field of a second-factor code (the login's second step, turning two-factor sign-in on or off). */
export function OneTimeCodeField({ label, hint, value, onChange, error }: { label: string; hint?: string; value: string; onChange: (value: string) => void; error?: string }) {
  return <TextField label={label} name="code" autoComplete="one-time-code" required maxLength={LIMITS.secondFactorCodeMax} hint={hint} value={value} onChange={onChange} error={error} />;
}
