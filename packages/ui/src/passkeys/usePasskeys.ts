import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { usePlatform } from '../platform/PlatformContext';
import { webPasskeyCeremonies, type PasskeyCeremonies } from './passkeyCeremonies';

/** The ceremonies this host offers: the desktop app's own, else the page's WebAuthn; null for none. */
export function usePasskeyCeremonies(): PasskeyCeremonies | null {
  const platform = usePlatform();
  return platform.passkeys !== undefined ? platform.passkeys : webPasskeyCeremonies();
}

/** Signing in with a passkey (no password): options from the server, the authenticator's answer back. */
export function usePasskeySignIn(ceremonies: PasskeyCeremonies | null) {
  const { call } = useApi();
  return useMutation({
    mutationFn: async (): Promise<LoginResponse> => {
      if (!ceremonies) throw new Error('no passkey ceremonies');
      const { options } = await call('auth.passkeyOptions', {}, { refreshOn401: false });
      const response = await ceremonies.get(options);
      return call('auth.passkey', { body: { response } }, { refreshOn401: false });
    },
  });
}
