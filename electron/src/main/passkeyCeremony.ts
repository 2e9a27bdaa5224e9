import { z } from 'zod';
import { PASSKEY_MESSAGES, passkeyAuthenticationResponseSchema, passkeyRegistrationResponseSchema } from '@hiraku/shared';

/**
 * Passkeys in the desktop app. The renderer is served from hiraku-app://, which can never be a
 * WebAuthn origin of the server's RP ID, so the ceremony runs in a small window of the main process that
 * is opened on the server's own origin (its health answer: no script of ours or the server's runs there).
 * Electron passes navigator.credentials to the system authenticator on macOS (Touch ID) and Windows
 * (Windows Hello); on Linux it has none, and the login offers the code alone. A plain module: Electron's
 * window comes in through `openWindow` (desktopApp.ts), so the tests fake it.
 */
export interface CeremonyWindow {
  loadURL(url: string): Promise<void>;
  webContents: { executeJavaScript(code: string, userGesture?: boolean): Promise<unknown> };
  destroy(): void;
  isDestroyed(): boolean;
}

export type CeremonyResult<T> = { ok: true; response: T } | { ok: false; message: string };

export function passkeysSupported(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

/** The options as the server sent them: only their size and the challenge are checked here, the server checks the answer. */
const optionsSchema = z.looseObject({ challenge: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) }).refine((options) => JSON.stringify(options).length <= 20_000);

/**
 * What runs in the ceremony window: the base64url fields of the options to bytes, the WebAuthn call, and
 * the credential back to the JSON that @simplewebauthn/server reads. A failure answers its DOMException name.
 */
function ceremonyScript(kind: 'create' | 'get', options: unknown): string {
  return `(async (kind, options) => {
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4)), (c) => c.charCodeAt(0));
  const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const publicKey = { ...options, challenge: bytes(options.challenge) };
  if (options.user) publicKey.user = { ...options.user, id: bytes(options.user.id) };
  for (const list of ['excludeCredentials', 'allowCredentials']) if (options[list]) publicKey[list] = options[list].map((c) => ({ ...c, id: bytes(c.id) }));
  try {
    const credential = await navigator.credentials[kind]({ publicKey });
    const r = credential.response;
    const response = kind === 'create'
      ? { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject), transports: r.getTransports ? r.getTransports() : undefined }
      : { clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData), signature: text(r.signature), userHandle: r.userHandle ? text(r.userHandle) : undefined };
    return { ok: true, credential: { id: credential.id, rawId: text(credential.rawId), type: credential.type, response, authenticatorAttachment: credential.authenticatorAttachment || undefined, clientExtensionResults: credential.getClientExtensionResults() } };
  } catch (error) {
    return { ok: false, name: error && error.name ? String(error.name) : 'Error' };
  }
})(${JSON.stringify(kind)}, ${JSON.stringify(options)})`;
}

const outcomeSchema = z.union([z.object({ ok: z.literal(true), credential: z.unknown() }), z.object({ ok: z.literal(false), name: z.string() })]);

export interface PasskeyCeremonyDeps {
  serverOrigin: () => string | null;
  openWindow: () => CeremonyWindow;
  platform: NodeJS.Platform;
}

export function createPasskeyCeremony(deps: PasskeyCeremonyDeps) {
  async function run<T>(kind: 'create' | 'get', payload: unknown, answer: z.ZodType<T>): Promise<CeremonyResult<T>> {
    const origin = deps.serverOrigin();
    const options = optionsSchema.safeParse(payload);
    if (!passkeysSupported(deps.platform) || !origin) return { ok: false, message: PASSKEY_MESSAGES.unsupported };
    if (!options.success) return { ok: false, message: PASSKEY_MESSAGES.responseInvalid };
    const window = deps.openWindow();
    try {
      await window.loadURL(`${origin}/api/health`);
      // userGesture: the operator pressed the button in the app a moment ago; WebAuthn asks for one.
      const outcome = outcomeSchema.safeParse(await window.webContents.executeJavaScript(ceremonyScript(kind, options.data), true));
      if (!outcome.success) return { ok: false, message: PASSKEY_MESSAGES.responseInvalid };
      if (!outcome.data.ok) return { ok: false, message: outcome.data.name === 'NotAllowedError' || outcome.data.name === 'AbortError' ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.responseInvalid };
      const response = answer.safeParse(outcome.data.credential);
      return response.success ? { ok: true, response: response.data } : { ok: false, message: PASSKEY_MESSAGES.responseInvalid };
    } catch {
      return { ok: false, message: PASSKEY_MESSAGES.unsupported };
    } finally {
      if (!window.isDestroyed()) window.destroy();
    }
  }
  return {
    supported: passkeysSupported(deps.platform),
    create: (options: unknown) => run('create', options, passkeyRegistrationResponseSchema),
    get: (options: unknown) => run('get', options, passkeyAuthenticationResponseSchema),
  };
}

export type PasskeyCeremony = ReturnType<typeof createPasskeyCeremony>;
