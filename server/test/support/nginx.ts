import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx (`apt-get install nginx`), or one on PATH; null when there is none. */
export function findNginx(): string | null {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface NginxOptions {
  /** Loopback port nginx listens on. */
  port: number;
  /** The API processes, as `127.0.0.1:3271`. */
  upstreams: readonly string[];
  /**
   * Local address nginx connects to the upstreams from. A test whose clients also sit on 127.0.0.1 binds
   * nginx to 127.0.0.2, so TRUSTED_PROXIES can name nginx without trusting the clients.
   */
  bindAddress?: string;
}

/**
 * The configuration of the README's deployment (docs/deployment.md), cut down to loopback: round robin
 * over the API processes, keep-alive to them, the client's address appended to X-Forwarded-For.
 */
export function nginxConfig(prefix: string, { port, upstreams, bindAddress }: NginxOptions): string {
  const temp = (name: string) => path.join(prefix, name);
  return `
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream hiraku_api {
${upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # One image (10 MiB) and the form's fields per request.
    client_max_body_size 11m;
    location / {
      proxy_pass http://hiraku_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
${bindAddress ? `      proxy_bind ${bindAddress};\n` : ''}    }
    # As docs/deployment.md: the notifications stream unbuffered.
    location = /api/notifications/stream {
      proxy_pass http://hiraku_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
${bindAddress ? `      proxy_bind ${bindAddress};\n` : ''}    }
  }
}
`;
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx with its own prefix in a temporary folder (never the system service), in the foreground. */
export async function startNginx(binary: string, options: NginxOptions): Promise<RunningNginx> {
  const prefix = await fsp.mkdtemp(path.join(os.tmpdir(), 'hiraku-nginx-'));
  // Started as root, nginx's workers run as nobody: they must be able to reach the temp folders.
  await fsp.chmod(prefix, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await fsp.mkdir(path.join(prefix, name), { mode: 0o777 });
  const conf = path.join(prefix, 'nginx.conf');
  await fsp.writeFile(conf, nginxConfig(prefix, options));
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const url = `http://127.0.0.1:${options.port}`;

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      await exited;
    }
    await fsp.rm(prefix, { recursive: true, force: true });
  };

  // Up once it answers anything (a 502 too: the upstreams may not be up yet).
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`nginx exited at start:\n${output}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not answer on ${url}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop };
}
