import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { eventually } from './searchOutbox';

export interface RedisServer {
  url: string;
  /** SIGKILL: gone at once, as a crashed or unreachable Redis is. */
  stop(): Promise<void>;
}

/** A Redis server of the test's own (the machine's shared one is never stopped), keeping nothing on disk. */
export async function startRedisServer(port: number): Promise<RedisServer> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await eventually(
    async () => {
      try {
        if (probe.status !== 'ready') await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    20_000,
    `redis-server on ${port}`,
  );
  probe.disconnect();
  return {
    url,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

