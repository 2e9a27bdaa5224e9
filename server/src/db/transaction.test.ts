import { ConnectionAcquireTimeoutError, DatabaseError, TimeoutError, UniqueConstraintError } from 'sequelize';
import { isTransientLockError } from './transaction';

const driverError = (fields: { errno?: number; code?: string }) => Object.assign(new Error('driver'), fields, { sql: 'UPDATE x' });

describe('isTransientLockError', () => {
  it('knows a deadlock, a lock wait timeout and SQLite BUSY as Sequelize wraps them', () => {
    expect(isTransientLockError(new DatabaseError(driverError({ errno: 1213, code: 'ER_LOCK_DEADLOCK' })))).toBe(true);
    expect(isTransientLockError(new DatabaseError(driverError({ errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT' })))).toBe(true);
    expect(isTransientLockError(new TimeoutError(driverError({ code: 'SQLITE_BUSY' })))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isTransientLockError(new DatabaseError(driverError({ errno: 1062, code: 'ER_DUP_ENTRY' })))).toBe(false);
    expect(isTransientLockError(new UniqueConstraintError({}))).toBe(false);
    // The pool waited too long: running again would only add load.
    expect(isTransientLockError(new ConnectionAcquireTimeoutError(new Error('timeout')))).toBe(false);
    expect(isTransientLockError(new Error('refused'))).toBe(false);
    expect(isTransientLockError(null)).toBe(false);
  });
});
