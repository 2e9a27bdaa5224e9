import fs from 'node:fs';
import path from 'node:path';
import { SERVE_NODE_FLAGS } from './serveFlags';

describe('the benchmark runs the server as npm run serve does', () => {
  it('gives the API process the flags of the serve script', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const serve = manifest.scripts.serve?.split(/\s+/) ?? [];
    expect(serve[0]).toBe('node');
    expect(serve.slice(1, -1)).toEqual([...SERVE_NODE_FLAGS]);
    expect(serve.at(-1)).toBe('server/dist/main.cjs');
  });
});
