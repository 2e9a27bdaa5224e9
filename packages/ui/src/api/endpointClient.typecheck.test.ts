import path from 'node:path';
import ts from 'typescript';

/**
 * The UI's calls are checked against the endpoint map by the compiler: this compiles small call sites
 * with the repository's own compiler settings and expects each wrong one to be refused.
 */
const ROOT = path.resolve(__dirname, '../../../..');

/** Compiles each call site as its own module in one program; answers each one's error messages. */
function compile(sites: Record<string, string>): Record<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const files = new Map(
    Object.entries(sites).map(([name, body], i) => [
      path.join(__dirname, `__contract_probe_${i}__.ts`),
      { name, source: `import { createEndpointCaller } from './endpointClient';\nimport type { ApiClient } from './apiClient';\ndeclare const client: ApiClient;\nconst call = createEndpointCaller(client);\nexport async function probe() {\n${body}\n}\n` },
    ]),
  );
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => files.get(path.resolve(file))?.source ?? readFile(file);
  host.fileExists = (file) => files.has(path.resolve(file)) || fileExists(file);
  host.getSourceFile = (file, language, onError, create) => {
    const probe = files.get(path.resolve(file));
    return probe ? ts.createSourceFile(file, probe.source, language, true) : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram([...files.keys()], { ...config.options, noEmit: true, types: [] }, host);
  const result: Record<string, string[]> = {};
  for (const [file, { name }] of files) {
    result[name] = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return result;
}

const WRONG_CALLS: Record<string, string> = {
  'an undeclared endpoint': `await call('reports.delete', { params: { id: 1 } });`,
  'a wrong path parameter': `await call('reports.get', { params: { reportId: 1 } });`,
  'a missing path parameter': `await call('reports.get', {});`,
  'a wrong query field': `await call('reports.feed', { query: { sorting: 'new' } });`,
  'a wrong body field': `await call('likes.toggle', { params: { reportId: 1 }, body: { like: true } });`,
  'JSON for a multipart form': `await call('reports.create', { body: { title: 'x' } });`,
  'a body for a GET': `await call('tags.list', { body: { name: 'x' } });`,
  'a field the answer does not have': `const page = await call('reports.feed', {}); return page.items;`,
};

const RIGHT_CALLS = `
  const page = await call('reports.feed', { query: { sort: 'like', limit: 8 } });
  const titles: string[] = page.data.map((report) => report.title);
  const detail = await call('reports.get', { params: { id: 12 } });
  const liked: boolean = (await call('likes.toggle', { params: { reportId: detail._id }, body: { liked: true } })).liked;
  await call('tags.list');
  await call('reports.create', { body: new FormData() });
  return { titles, liked };
`;

describe('typed calls of the endpoint map', () => {
  let errors: Record<string, string[]>;
  beforeAll(() => {
    errors = compile({ right: RIGHT_CALLS, ...WRONG_CALLS });
  });

  it('accepts calls that match the declarations, and types the answer', () => {
    expect(errors.right).toEqual([]);
  });

  it.each(Object.keys(WRONG_CALLS))('refuses %s', (what) => {
    expect(errors[what]?.length).toBeGreaterThan(0);
  });
});
