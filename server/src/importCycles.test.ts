import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cyclesOf, importGraph, sourceFiles } from '@hiraku/shared/src/dev/importCycles';

/**
 * No server module needs itself while it loads: a cycle through an index (notifications → stream →
 * moderation commands → notifications) hands some module an export that is still undefined, depending
 * on which file the process happened to load first. Type-only imports are erased and load nothing, so
 * models naming each other's types are not cycles here.
 */
const ROOT = __dirname;

describe('imports in server/src', () => {
  it('form no cycle of values', () => {
    expect(cyclesOf(importGraph(sourceFiles(ROOT), { valuesOnly: true }), ROOT)).toEqual([]);
  });

  it('count value imports and pass over type-only ones: a value cycle in files is found, a type one is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiraku-cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { T } from './c';\nexport { a } from './a';\nexport const b = 1;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { B } from './b';\nexport type T = B;\n");
      expect(cyclesOf(importGraph(sourceFiles(dir), { valuesOnly: true }), dir)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
      expect(cyclesOf(importGraph(sourceFiles(dir)), dir)).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
