import { withoutTrailingSlash } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

/** docs/product.md §2: the session is checked on every route change except on these screens. */
export const PATHS_WITHOUT_SESSION_CHECK: readonly string[] = [PATHS.login, PATHS.signup, PATHS.forgotPassword, PATHS.resetPassword, PATHS.verifyEmail];

export function needsSessionCheck(pathname: string): boolean {
  return !PATHS_WITHOUT_SESSION_CHECK.includes(withoutTrailingSlash(pathname));
}
