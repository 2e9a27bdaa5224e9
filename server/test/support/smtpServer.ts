import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  /** For SMTP_URL / startTestApp({ smtpUrl }). */
  url: string;
  mailboxDir: string;
  stop(): Promise<void>;
}

/**
 * A real SMTP server for the tests: the app sends over SMTP and each message lands as a file
 * (read them with ./mailbox). Used by the integration tests and the browser tests' global setup.
 * A given `port` lets a test start it again where the app expects it (a mail server that comes back).
 */
export async function startTestSmtpServer(mailboxDir: string, { port = 0 }: { port?: number } = {}): Promise<TestSmtpServer> {
  await fs.mkdir(mailboxDir, { recursive: true });
  // Continues the numbering of files already there, so a restarted server keeps the order by name.
  let count = (await fs.readdir(mailboxDir)).length;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const file = path.join(mailboxDir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`);
        fs.writeFile(file, Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mailboxDir,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
