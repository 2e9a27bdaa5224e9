import { z } from 'zod';
import { PASSKEY_LIMITS } from '../../limits';
import { PASSKEY_MESSAGES as m } from '../../texts/passkeys/messages';
import { loginResponseSchema, messageResponseSchema } from '../auth';
import { endpoint } from './define';

/**
 * Passkeys (WebAuthn, issue 35). The options and responses are the JSON forms of the WebAuthn
 * dictionaries that @simplewebauthn/browser and /server exchange; here only their outer shape and sizes
 * are checked, the library checks the rest (signatures, challenge, origin, RP ID).
 */
const base64url = (max: number) => z.string({ error: m.responseInvalid }).min(1, m.responseInvalid).max(max, m.responseInvalid).regex(/^[A-Za-z0-9_-]+$/, m.responseInvalid);
const field = base64url(PASSKEY_LIMITS.responseFieldMax);
const credentialId = base64url(PASSKEY_LIMITS.credentialIdMax);
const transports = z.array(z.string().max(20)).max(10).optional();
const attachment = z.enum(['platform', 'cross-platform']).optional();
/** Extensions the authenticator answered: passed through to the library unread. */
const extensionResults = z.record(z.string(), z.unknown()).default({});

export const passkeyRegistrationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: m.responseInvalid }),
    response: z.object({
      clientDataJSON: field,
      attestationObject: field,
      transports,
      authenticatorData: field.optional(),
      publicKey: field.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { error: m.responseInvalid },
);

export const passkeyAuthenticationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: m.responseInvalid }),
    response: z.object({
      clientDataJSON: field,
      authenticatorData: field,
      signature: field,
      userHandle: base64url(200).optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { error: m.responseInvalid },
);
export type PasskeyAuthenticationResponse = z.output<typeof passkeyAuthenticationResponseSchema>;
export type PasskeyRegistrationResponse = z.output<typeof passkeyRegistrationResponseSchema>;

export const passkeyNameSchema = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(PASSKEY_LIMITS.nameMax, m.nameTooLong);

/**
 * The options for navigator.credentials.create / get, as JSON. Only the challenge is named: the client
 * hands the whole object to the browser (or the desktop app's ceremony window) as it came.
 */
export const passkeyOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });
export type PasskeyOptions = z.output<typeof passkeyOptionsSchema>['options'];

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.output<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const registerPasskeySchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const passkeySignInSchema = z.object({ response: passkeyAuthenticationResponseSchema });

const passkeyParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export const PASSKEY_ENDPOINTS = {
  'passkeys.list': endpoint('passkeys.list', { access: 'member', response: passkeyListSchema, cache: 'no-store', errors: [] }),
  'passkeys.registerOptions': endpoint('passkeys.registerOptions', {
    access: 'member',
    response: passkeyOptionsSchema,
    rateLimit: 'passkeyChange',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  'passkeys.register': endpoint('passkeys.register', {
    access: 'member',
    body: registerPasskeySchema,
    response: messageResponseSchema.extend({ passkey: passkeySchema }),
    status: 201,
    rateLimit: 'passkeyChange',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  'passkeys.rename': endpoint('passkeys.rename', {
    access: 'member',
    params: passkeyParams,
    notFoundMessage: m.notFound,
    body: renamePasskeySchema,
    response: messageResponseSchema,
    rateLimit: 'passkeyChange',
    cache: 'no-store',
    errors: [],
  }),
  'passkeys.remove': endpoint('passkeys.remove', {
    access: 'member',
    params: passkeyParams,
    notFoundMessage: m.notFound,
    response: messageResponseSchema,
    rateLimit: 'passkeyChange',
    cache: 'no-store',
    errors: ['step_up_required'],
  }),
  /** Step-up with a passkey: an assertion (options from auth.passkeyOptions) of the session's own member. */
  'passkeys.stepUp': endpoint('passkeys.stepUp', {
    access: 'member',
    body: passkeySignInSchema,
    response: messageResponseSchema,
    rateLimit: 'stepUp',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  /** A sign-in with no password: options for a discoverable credential (the browser offers the member's passkeys). */
  'auth.passkeyOptions': endpoint('auth.passkeyOptions', {
    access: 'public',
    response: passkeyOptionsSchema,
    rateLimit: 'passkeySignIn',
    cache: 'no-store',
    errors: [],
  }),
  'auth.passkey': endpoint('auth.passkey', {
    access: 'public',
    body: passkeySignInSchema,
    response: loginResponseSchema,
    rateLimit: 'passkeySignIn',
    cache: 'no-store',
    errors: ['authentication_required', 'account_suspended'],
  }),
};
