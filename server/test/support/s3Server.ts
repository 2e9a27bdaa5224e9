import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Files of the bucket's objects live under here. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-protocol server on a free loopback port, its objects in a temporary folder. */
export async function startTestS3Server(bucket = 'hiraku-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
