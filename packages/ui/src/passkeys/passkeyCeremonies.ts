import { PASSKEY_MESSAGES, type PasskeyAuthenticationResponse, type PasskeyOptions, type PasskeyRegistrationResponse } from '@hiraku/shared';

/**
 * The browser's half of a passkey ceremony: hand the server's options to the authenticator and
 * its answer back. On the web, @simplewebauthn/browser in the page; the desktop app lends its own
 * (Platform.passkeys: the system authenticator through the main process), or none where Electron has no
 * WebAuthn, and the login then offers the code alone.
 */
export interface PasskeyCeremonies {
  create(options: PasskeyOptions): Promise<PasskeyRegistrationResponse>;
  get(options: PasskeyOptions): Promise<PasskeyAuthenticationResponse>;
}

/** A ceremony the member cancelled, or the authenticator refused: told in Japanese, never as the browser's English. */
export class PasskeyCeremonyError extends Error {}

// Loaded on first use: the library stays out of the first paint of every page.
const library = () => import('@simplewebauthn/browser');

function ceremonyError(error: unknown): PasskeyCeremonyError {
  const name = error instanceof Error ? ((error as Error & { cause?: unknown }).cause instanceof Error ? ((error as Error & { cause: Error }).cause.name) : error.name) : '';
  return new PasskeyCeremonyError(name === 'NotAllowedError' || name === 'AbortError' ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.responseInvalid);
}

/** The page's own WebAuthn (null where the browser has none, or outside a secure context). */
export function webPasskeyCeremonies(): PasskeyCeremonies | null {
  if (typeof window === 'undefined' || !window.isSecureContext || typeof window.PublicKeyCredential !== 'function') return null;
  return {
    // The options are the server's JSON as SimpleWebAuthn made it; the library's types describe exactly that.
    create: async (options) => {
      const { startRegistration } = await library();
      try {
        return (await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] })) as PasskeyRegistrationResponse;
      } catch (error) {
        throw ceremonyError(error);
      }
    },
    get: async (options) => {
      const { startAuthentication } = await library();
      try {
        return (await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] })) as PasskeyAuthenticationResponse;
      } catch (error) {
        throw ceremonyError(error);
      }
    },
  };
}
