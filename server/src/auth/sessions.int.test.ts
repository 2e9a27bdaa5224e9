import { randomBytes } from 'node:crypto';
import { createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { revokeFamily, startSession, userFromAccessToken } from './sessions';

/**
 * The session check every authenticated request runs (one statement with bound parameters, a prepared
 * statement on MariaDB) on both databases the server runs on: the member while the family lives, nobody
 * once it is revoked or over or the member is suspended.
 */
describe.each(TEST_BACKENDS)('the session check on %s', (_name, open) => {
  let db: TestBackend;
  const sessionKey = randomBytes(32);

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.drop());

  it('answers the member of a live session, and nobody after a revocation, a suspension or the end of the family', async () => {
    const deps = { models: db.models, sessionKey };
    const member = await createUser({ role: 'member' });
    const started = await startSession(deps, member);
    expect(await userFromAccessToken(deps, started.accessToken)).toEqual({
      id: member.id,
      publicId: member.publicId,
      role: 'member',
      tutorialPending: false,
      totpEnabledAt: null,
      sensitiveImages: member.sensitiveImages,
      // The test factory's members are past the new-member stage (commands/memberStage.ts).
      newStageUntil: null,
    });
    // The same statement again (a prepared one on MariaDB is reused): the same answer.
    expect((await userFromAccessToken(deps, started.accessToken))?.id).toBe(member.id);
    expect(await userFromAccessToken(deps, `${started.accessToken}x`)).toBeNull();

    // A family that is over (its end is in the database; the access token itself would still pass).
    const { RefreshToken } = db.models;
    await RefreshToken.update({ familyExpiresAt: new Date(Date.now() - 1_000) }, { where: { familyId: started.familyId } });
    expect(await userFromAccessToken(deps, started.accessToken)).toBeNull();
    await RefreshToken.update({ familyExpiresAt: started.refreshExpiresAt }, { where: { familyId: started.familyId } });
    expect((await userFromAccessToken(deps, started.accessToken))?.id).toBe(member.id);

    await member.update({ suspendedAt: new Date() });
    expect(await userFromAccessToken(deps, started.accessToken)).toBeNull();
    await member.update({ suspendedAt: null });
    expect((await userFromAccessToken(deps, started.accessToken))?.id).toBe(member.id);

    await revokeFamily(db.models, started.familyId);
    expect(await userFromAccessToken(deps, started.accessToken)).toBeNull();
  });
});
