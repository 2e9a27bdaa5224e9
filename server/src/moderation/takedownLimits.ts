import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { LIMITS, TEXTS } from '@hiraku/shared';
import { AppError } from '../errors';
import type { RateLimiter } from '../rateLimit/rateLimiter';

const DAY_SEC = 24 * 60 * 60;
const HOUR_SEC = 60 * 60;

/**
 * The address range a client is counted under: IPv4 /24, IPv6 /48 (what one provider hands one
 * customer), so an attacker with many addresses of one network counts as one.
 */
export function addressRange(address: string): string {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(plain)) {
    const [head = '', tail = ''] = plain.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups.slice(0, 3).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/48`;
  }
  return plain;
}

const rateLimited = (message: string) => new AppError(429, 'rate_limited', message);

/**
 * Issue 35: before the takedown form mails a confirmation link, beyond its per-address rule: at most
 * LIMITS.takedownRequestsPerRangePerHour from one address range and at most
 * LIMITS.takedownMailsPerAddressPerDay mails to one recipient, whoever sends. Neither is scaled by
 * RATE_LIMIT_FACTOR: they are promises to the recipient, not politeness to a household. If the limiter is away the request goes on, as the other rules do.
 */
export async function checkTakedownAllowance(
  deps: { rateLimiter: RateLimiter },
  { clientAddress, email }: { clientAddress: string; email: string },
): Promise<void> {
  const range = await deps.rateLimiter.hit(`takedownRange:${addressRange(clientAddress)}`, LIMITS.takedownRequestsPerRangePerHour, HOUR_SEC).catch(() => ({ allowed: true }));
  if (!range.allowed) throw rateLimited(TEXTS.takedown.tooManyFromRange);
  const recipient = createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url').slice(0, 22);
  const mails = await deps.rateLimiter.hit(`takedownMailTo:${recipient}`, LIMITS.takedownMailsPerAddressPerDay, DAY_SEC).catch(() => ({ allowed: true }));
  if (!mails.allowed) throw rateLimited(TEXTS.takedown.tooManyForAddress);
}
