import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The lint guard of eslint.config.mjs: react-router's data-router APIs throw under createHirakuRouter, so
 * importing them from react-router or react-router-dom is an error pointing to routes/RouterView. Runs the
 * repository's own ESLint and config on a source text, as `npm run lint` would see it in packages/ui/src.
 */
const root = path.resolve(__dirname, '../../../..');

type LintMessage = { ruleId: string | null; message: string; line: number };

function lint(source: string, file: string): LintMessage[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', file], {
      cwd: root,
      input: source,
      encoding: 'utf8',
    });
  } catch (error) {
    // ESLint exits with 1 when it reports errors; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const [result] = JSON.parse(out) as [{ messages: LintMessage[] }];
  return result.messages;
}

const DATA_ROUTER_ONLY = ['useBlocker', 'useRouteError', 'ScrollRestoration', 'useNavigation', 'useLoaderData', 'useActionData', 'useFetcher', 'useSubmit', 'Form', 'useRevalidator', 'useMatches'];

describe('data-router imports are refused', () => {
  it.each(['react-router', 'react-router-dom'])('from %s, each named, with a pointer to routes/RouterView', (source) => {
    const lines = DATA_ROUTER_ONLY.map((name) => `import { ${name} } from '${source}';\nvoid ${name};`);
    const messages = lint(`${lines.join('\n')}\n`, 'packages/ui/src/pages/Probe.tsx').filter((m) => m.ruleId === 'no-restricted-imports');
    for (const [index, name] of DATA_ROUTER_ONLY.entries()) {
      const hit = messages.find((m) => m.line === index * 2 + 1);
      expect(hit?.message).toContain(`'${name}'`);
      expect(hit?.message).toContain('routes/RouterView');
    }
    expect(messages).toHaveLength(DATA_ROUTER_ONLY.length);
  });

  it('also in tests, and not for the hooks our router keeps', () => {
    const source = "import { useBlocker } from 'react-router-dom';\nimport { Link, useLocation, useNavigate } from 'react-router-dom';\nvoid [useBlocker, Link, useLocation, useNavigate];\n";
    const messages = lint(source, 'packages/ui/src/pages/Probe.test.tsx').filter((m) => m.ruleId === 'no-restricted-imports');
    expect(messages.map((m) => m.line)).toEqual([1]);
  });

  it('our own useBlocker from routes/RouterView passes', () => {
    const messages = lint("import { useBlocker, useRouteError, ScrollRestoration } from '../routes/RouterView';\nvoid [useBlocker, useRouteError, ScrollRestoration];\n", 'packages/ui/src/pages/Probe.tsx');
    expect(messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
