import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstScreenManifest } from '../../../packages/ui/src/routes/firstScreenManifest';

const repoRoot = path.resolve(__dirname, '../../..');

describe('firstScreens.json', () => {
  it('is what the route table\'s first screens make (else run `npm run first-screens -w @hiraku/web`)', async () => {
    const written = JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/firstScreens.json'), 'utf8')) as unknown;
    expect(written).toEqual(await firstScreenManifest());
  });

  it("names each screen's module as a file of the repository, and the session check first", async () => {
    const manifest = await firstScreenManifest();
    expect(Object.keys(manifest).sort()).toEqual(['/', '/reports']);
    for (const screen of Object.values(manifest)) {
      expect(existsSync(path.join(repoRoot, screen.module))).toBe(true);
      expect(screen.fetch[0]).toBe('/api/auth/me');
    }
    expect(manifest['/reports']?.fetch).toEqual(['/api/auth/me', '/api/reports/infinite?sort=new&limit=8']);
  });
});
