import os from 'node:os';
import path from 'node:path';

/** Fixed locations shared by the global setup (which starts the services) and the test workers. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT = path.join(os.tmpdir(), `hiraku-e2e-${E2E_PORT}`);
export const E2E_DATA_DIR = path.join(E2E_ROOT, 'data');
/** Mails received by the test SMTP server, one .eml file each. */
export const E2E_MAILBOX_DIR = path.join(E2E_ROOT, 'mailbox');
export const E2E_DATABASE = `hiraku_e2e_${E2E_PORT}`;
/**
 * The server's SUPPORT_EMAIL in these tests: not the development default, so a page that shows it proves
 * it came from the server's configuration.
 */
export const E2E_SUPPORT_EMAIL = 'madoguchi@hiraku-e2e.example';
export const E2E_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
