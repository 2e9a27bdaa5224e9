import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { PASSKEY_LIMITS, TEXTS, type PasskeyAuthenticationResponse, type PasskeyOptions, type PasskeyRegistrationResponse, type PasskeySummary } from '@hiraku/shared';
import { UniqueConstraintError } from 'sequelize';
import { challengeOf, claimChallenge, issueChallenge } from '../auth/passkeyChallenges';
import { AppError, conflict, notFound, validationError } from '../errors';
import type { Models, Passkey, User } from '../models';

/**
 * Passkeys (WebAuthn through SimpleWebAuthn, issue 35): registering, listing, renaming, removing, and
 * signing in with one. The relying party is PUBLIC_URL: its host is the RP ID, its origin the only one
 * accepted. User verification is required at registration and at every sign-in, so a passkey stands for
 * the password and the code together.
 */
export interface PasskeyDeps {
  models: Models;
  env: { publicUrl: string };
}

const T = TEXTS.passkeys;
const TIMEOUT_MS = PASSKEY_LIMITS.challengeTtlSec * 1000;

function relyingParty(env: PasskeyDeps['env']): { rpID: string; origin: string } {
  const url = new URL(env.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** As bytes: a string challenge would be taken as text and encoded again, and no longer match the stored one. */
const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'));

const transportsOf = (passkey: Pick<Passkey, 'transports'>): AuthenticatorTransport[] =>
  passkey.transports ? (passkey.transports.split(',') as AuthenticatorTransport[]) : [];

export function presentPasskey(passkey: Passkey): PasskeySummary {
  return { id: String(passkey.id), name: passkey.name, createdAt: passkey.createdAt.toISOString(), lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null };
}

/** The member's own (`where` narrows to one) or a 404: another member's passkey is as absent as a missing one. */
async function ownPasskey(models: Models, userId: number, id: string): Promise<Passkey> {
  const passkey = await models.Passkey.findOne({ where: { id, userId } });
  if (!passkey) throw notFound(T.notFound);
  return passkey;
}

/** Consumes the challenge the answer signed, or refuses it: unknown, already used, run out, or another member's. */
async function claimAnswerChallenge(models: Models, clientDataJSON: string, purpose: 'register' | 'signIn', userId: number | null): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge || !(await claimChallenge(models, challenge, purpose, userId))) throw new AppError(400, 'validation_error', T.challengeExpired);
  return challenge;
}

export async function listPasskeys(models: Models, userId: number): Promise<PasskeySummary[]> {
  const passkeys = await models.Passkey.findAll({ where: { userId }, order: [['createdAt', 'ASC'], ['id', 'ASC']] });
  return passkeys.map(presentPasskey);
}

export async function registrationOptions(deps: PasskeyDeps, user: Pick<User, 'id' | 'publicId' | 'email'>): Promise<PasskeyOptions> {
  const existing = await deps.models.Passkey.findAll({ where: { userId: user.id }, attributes: ['credentialId', 'transports'] });
  if (existing.length >= PASSKEY_LIMITS.perMember) throw conflict(T.tooMany);
  const { rpID } = relyingParty(deps.env);
  const challenge = await issueChallenge(deps.models, 'register', user.id);
  // Spread: the library's interface into the plain object the endpoint declares.
  return {
    ...(await generateRegistrationOptions({
      rpName: TEXTS.site.name,
      rpID,
      userName: user.email,
      // The handle the authenticator keeps: the public id, never the address or the database id.
      userID: new TextEncoder().encode(user.publicId),
      challenge: challengeBytes(challenge),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      // The browser refuses to make a second passkey for this account on an authenticator that has one.
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })),
  };
}

export async function registerPasskey(deps: PasskeyDeps, userId: number, input: { name: string; response: PasskeyRegistrationResponse }, now = new Date()): Promise<Passkey> {
  const { models } = deps;
  const expectedChallenge = await claimAnswerChallenge(models, input.response.response.clientDataJSON, 'register', userId);
  const { rpID, origin } = relyingParty(deps.env);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response: input.response, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
  } catch {
    throw validationError(T.registrationFailed);
  }
  if (!verified.verified) throw validationError(T.registrationFailed);
  const { credential, credentialBackedUp } = verified.registrationInfo;
  if (credential.id.length > PASSKEY_LIMITS.credentialIdMax) throw validationError(T.registrationFailed);
  if ((await models.Passkey.count({ where: { userId } })) >= PASSKEY_LIMITS.perMember) throw conflict(T.tooMany);
  try {
    return await models.Passkey.create({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      signCount: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: input.name,
      backedUp: credentialBackedUp,
      createdAt: now,
    });
  } catch (error) {
    // The same authenticator's credential, registered before (by this member or, impossibly, another).
    if (error instanceof UniqueConstraintError) throw conflict(T.alreadyRegistered);
    throw error;
  }
}

export async function renamePasskey(models: Models, userId: number, id: string, name: string): Promise<void> {
  const passkey = await ownPasskey(models, userId, id);
  await passkey.update({ name });
}

export async function removePasskey(models: Models, userId: number, id: string): Promise<void> {
  const passkey = await ownPasskey(models, userId, id);
  await passkey.destroy();
}

/** Options for a sign-in with a discoverable credential: no list of ids, the authenticator offers what it holds for us. */
export async function signInOptions(deps: PasskeyDeps): Promise<PasskeyOptions> {
  const challenge = await issueChallenge(deps.models, 'signIn', null);
  return { ...(await generateAuthenticationOptions({ rpID: relyingParty(deps.env).rpID, challenge: challengeBytes(challenge), timeout: TIMEOUT_MS, userVerification: 'required' })) };
}

const signInFailed = () => new AppError(401, 'authentication_required', T.signInFailed);

/**
 * The member a sign-in answer proves, with the passkey's counter moved on. Refused: an unknown or used
 * challenge, an unknown credential, a bad signature, no user verification, a counter that did not go up
 * (a cloned authenticator), and a user handle that is not the credential owner's.
 */
export async function verifyPasskeySignIn(deps: PasskeyDeps, response: PasskeyAuthenticationResponse, now = new Date()): Promise<User> {
  const { models } = deps;
  const expectedChallenge = await claimAnswerChallenge(models, response.response.clientDataJSON, 'signIn', null);
  const passkey = await models.Passkey.findOne({ where: { credentialId: response.id } });
  if (!passkey) throw signInFailed();
  const user = await models.User.findByPk(passkey.userId);
  if (!user) throw signInFailed();
  if (response.response.userHandle !== undefined && response.response.userHandle !== Buffer.from(user.publicId, 'utf8').toString('base64url')) throw signInFailed();
  const { rpID, origin } = relyingParty(deps.env);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.signCount, transports: transportsOf(passkey) },
      requireUserVerification: true,
    });
  } catch (error) {
    // SimpleWebAuthn says so in words only: a counter that did not go up.
    if (error instanceof Error && error.message.startsWith('Response counter value')) throw new AppError(401, 'authentication_required', T.suspiciousCounter);
    throw signInFailed();
  }
  if (!result.verified) throw signInFailed();
  // The condition keeps the counter from going back when two sign-ins with one passkey race.
  const [moved] = await models.Passkey.update(
    { signCount: result.authenticationInfo.newCounter, lastUsedAt: now, backedUp: result.authenticationInfo.credentialBackedUp },
    { where: { id: passkey.id, signCount: passkey.signCount } },
  );
  if (moved !== 1) throw signInFailed();
  return user;
}
