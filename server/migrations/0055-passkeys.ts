import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const userReference = (allowNull: boolean) => ({
  type: DataTypes.BIGINT,
  allowNull,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * Passkeys (issue 35).
 *
 * - `passkeys`: a member's WebAuthn credentials. `credential_id` is the authenticator's id (base64url, at
 *   most LIMITS.passkeyCredentialIdMax characters, unique across members), `public_key` the COSE key,
 *   `sign_count` the last signature counter seen (a lower one means a cloned authenticator).
 * - `passkey_challenges`: each challenge handed out, until it is used once or runs out. `user_id` is set
 *   for a registration (the member it was made for) and NULL for a sign-in (the member is not known yet).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'passkeys',
    {
      id,
      user_id: userReference(false),
      credential_id: { type: DataTypes.STRING(400), allowNull: false },
      public_key: { type: DataTypes.BLOB, allowNull: false },
      sign_count: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
      transports: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
      name: { type: DataTypes.STRING(100), allowNull: false },
      backed_up: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      created_at: time(),
      last_used_at: time(true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('passkeys', ['credential_id'], { name: 'passkeys_credential_id_unique', unique: true });
  await queryInterface.addIndex('passkeys', ['user_id'], { name: 'passkeys_user_id' });

  await queryInterface.createTable(
    'passkey_challenges',
    {
      id,
      challenge: { type: DataTypes.STRING(100), allowNull: false },
      purpose: { type: DataTypes.STRING(16), allowNull: false },
      user_id: userReference(true),
      expires_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('passkey_challenges', ['challenge'], { name: 'passkey_challenges_challenge_unique', unique: true });
  await queryInterface.addIndex('passkey_challenges', ['expires_at'], { name: 'passkey_challenges_expires_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('passkey_challenges');
  await queryInterface.dropTable('passkeys');
};
