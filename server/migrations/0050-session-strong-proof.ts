import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * Step-up (issue 35): when this session (a refresh-token family's row in `session_families`) last proved
 * who it is with the password (and code), or a passkey. Actions that cannot be undone ask for a new proof
 * when this is older than TIMINGS.stepUpFreshSec (server/src/auth/stepUp.ts). NULL: never proved since
 * the row was made (rows older than this migration), so the first such action asks.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('session_families', 'strong_proof_at', { type: DataTypes.DATE(3), allowNull: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // Plain DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
  await queryInterface.sequelize.query('ALTER TABLE session_families DROP COLUMN strong_proof_at');
};
