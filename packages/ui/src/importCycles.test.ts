import path from 'node:path';
import { cyclesOf, importGraph, sourceFiles } from '@hiraku/shared/src/dev/importCycles';

/**
 * Each floor of the UI imports only downward (screens -> layout -> router view -> router core), so no
 * module needs itself while it loads. This finds every cycle of relative imports among the sources,
 * value and type imports, static and lazy alike; tests are left out (they sit on top of everything).
 */
const ROOT = __dirname;

describe('imports in packages/ui', () => {
  it('form no cycle', () => {
    expect(cyclesOf(importGraph(sourceFiles(ROOT)), ROOT)).toEqual([]);
  });

  it('are read as the walk needs them: a cycle made on purpose is found', () => {
    const a = path.join(ROOT, 'a.ts');
    const b = path.join(ROOT, 'b.ts');
    const c = path.join(ROOT, 'c.ts');
    expect(cyclesOf(new Map([[a, [b]], [b, [c]], [c, [a]]]), ROOT)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(cyclesOf(new Map([[a, [b]], [b, [c]], [c, []]]), ROOT)).toEqual([]);
  });
});
