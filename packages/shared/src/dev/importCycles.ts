import fs from 'node:fs';
import path from 'node:path';

/**
 * The import graph of a source tree and its cycles, for the UI's and the server's cycle tests. Node only,
 * and never exported from the package's entry: tests import it by path.
 */

/** `import`/`export … from` and `import()` of relative paths; group 1 is `type` for a type-only import. */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** Every .ts/.tsx file below `dir`, tests left out (they sit on top of everything). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Each file's relative imports. `valuesOnly` leaves out `import type` (erased: it loads nothing), for
 * code where only what runs matters, such as the server's models naming each other's types.
 */
export function importGraph(files: string[], { valuesOnly = false }: { valuesOnly?: boolean } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .filter((match) => !(valuesOnly && match[1]))
      .map((match) => resolve(file, match[2] ?? match[3] ?? ''))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle, each as the files around it (relative to `root`), found by a depth-first walk. */
export function cyclesOf(graph: Map<string, string[]>, root: string): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}
