import type { Context } from 'koa';
import type { User } from '../../models';
import type { AppServices } from '../../services';

/**
 * Called after a passkey sign-in has been verified and its session set. A passkey is the password and the
 * code in one, so this is where a fresh proof for step-up (issue 35's second look before what cannot be
 * undone) is recorded, once that module exists on main.
 */
export async function onPasskeyVerified(_services: AppServices, _ctx: Context, _user: User): Promise<void> {
  // Placeholder until step-up lands: see the report of branch `passkeys`.
}
