import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Guards of the catalogue's "one place for each rule", read from the source (the built values cannot
 * tell a number taken from LIMITS from one typed into the sentence, nor a text reused from one typed twice).
 */

const SOURCE_DIR = join(__dirname, '..');

interface Literal {
  file: string;
  line: number;
  /** The literal as written, quotes and `${…}` included. */
  source: string;
  /** The parts of the literal typed as text: a template's `${…}` expressions are left out. */
  typedParts: string[];
}

function literalsOf(file: string, code: string): Literal[] {
  const sourceFile = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Literal[] = [];
  const add = (node: ts.Node, typedParts: string[]) => {
    // Module specifiers are paths, not texts.
    if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    found.push({ file, line, source: node.getText(sourceFile), typedParts });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, [node.text]);
    else if (ts.isTemplateExpression(node)) add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The literals of the .ts files under src/<folder>, each named by its path from src. */
function literalsUnder(folder: string): Literal[] {
  return sourceFiles(join(SOURCE_DIR, folder)).flatMap((path) => literalsOf(relative(SOURCE_DIR, path), readFileSync(path, 'utf8')));
}

const catalogue = literalsUnder('texts');
/** The long documents (terms, privacy policy, FAQ, glossary) quote limits too. */
const documents = literalsUnder('content');

const DIGIT = /[0-9０-９]/;

/** Digits typed into a text (not taken from a constant through `${…}`). */
function typedNumbers(literals: readonly Literal[]): Literal[] {
  return literals.filter((literal) => literal.typedParts.some((part) => DIGIT.test(part)));
}

/**
 * Texts that may carry a typed number because it is not a limit or rule of the service. Each entry is a
 * file and the exact literal as written, with the reason.
 */
const NUMBERS_THAT_ARE_NOT_LIMITS: readonly { file: string; source: string; reason: string }[] = [
  { file: join('texts', 'site.ts'), source: "'© 2024 ひらく'", reason: 'the year the service was founded' },
  {
    file: join('texts', 'desktop', 'screens.ts'),
    source: "'例: https://hiraku.example.jp（手元で試すときは http://localhost:3000 も使えます）'",
    reason: "an example address (the development server's port)",
  },
  {
    file: join('texts', 'desktop', 'messages.ts'),
    source: "'サーバーのアドレスは https:// で始めてください（http:// は localhost と 127.0.0.1 だけで使えます）。'",
    reason: 'the loopback address, not a number',
  },
  {
    file: join('texts', 'desktop', 'messages.ts'),
    source: "'更新の配信元は https:// で始まるアドレスで入力してください（http:// は localhost と 127.0.0.1 だけで使えます）。'",
    reason: 'the loopback address, not a number',
  },
  { file: join('texts', 'report', 'form.ts'), source: "'例：7m×2本'", reason: 'an example of what a member may write' },
  {
    file: join('texts', 'moderation', 'screens.ts'),
    source: '`1〜${LIMITS.moderationReasonMax}文字で入力してください。`',
    reason: 'the 1 says "not empty" (a reason is required), not a limit',
  },
  {
    file: join('texts', 'report', 'messages.ts'),
    source: '`プレイの流れは1つにつき${LIMITS.stepActionMax}文字以内で入力してください。`',
    reason: '"per step", not a limit',
  },
  {
    file: join('texts', 'report', 'messages.ts'),
    source: "'メイン画像は1枚だけ選んでください。'",
    reason: "one file per file input is the form's shape (server/src/images/multipartBody), not a limit to tune",
  },
  { file: join('content', 'legalDocument.ts'), source: "'2024年12月28日'", reason: 'the date the terms and the privacy policy were enacted' },
];

describe('numbers in the texts', () => {
  it('are taken from LIMITS, TIMINGS or ANALYTICS_LIMITS, not typed into the sentence', () => {
    const allowed = new Set(NUMBERS_THAT_ARE_NOT_LIMITS.map((entry) => `${entry.file}\n${entry.source}`));
    const typed = typedNumbers([...catalogue, ...documents]).filter((literal) => !allowed.has(`${literal.file}\n${literal.source}`));
    expect(typed.map((literal) => `${literal.file}:${literal.line} ${literal.source}`)).toEqual([]);
  });

  it('allow only numbers that are still in the catalogue', () => {
    const typed = new Set(typedNumbers([...catalogue, ...documents]).map((literal) => `${literal.file}\n${literal.source}`));
    expect(NUMBERS_THAT_ARE_NOT_LIMITS.filter((entry) => !typed.has(`${entry.file}\n${entry.source}`))).toEqual([]);
  });

  it('are caught when typed, full-width included, and let through when taken from a constant', () => {
    const code = [
      "const a = 'タイトルは30文字以内で入力してください。';",
      'const b = `${LIMITS.reportTitleMax}文字以内。10MBまで`;',
      "const c = '画像は１０ＭＢまで';",
      'const d = `タイトルは${LIMITS.reportTitleMax}文字以内で入力してください。`;',
    ].join('\n');
    expect(typedNumbers(literalsOf('sample.ts', code)).map((literal) => literal.line)).toEqual([1, 2, 3]);
  });
});

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * Shorter texts are single words (削除, 編集, カテゴリ) that different screens use for different things: the
 * same word, not the same text. From this length on a text is a phrase or sentence, written once.
 */
const PHRASE_MIN_CHARS = 7;

/** Japanese literals written the same way in two places or more. */
function repeatedTexts(literals: readonly Literal[]): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const literal of literals) {
    if (!JAPANESE.test(literal.source) || [...literal.typedParts.join('')].length < PHRASE_MIN_CHARS) continue;
    // One text, whichever quotes it was written with.
    const key = literal.typedParts.join('${…}');
    places.set(key, [...(places.get(key) ?? []), `${literal.file}:${literal.line}`]);
  }
  return new Map([...places].filter(([, where]) => where.length > 1));
}

describe('each text', () => {
  it('is written once in the catalogue; a second use refers to the first', () => {
    expect(Object.fromEntries(repeatedTexts(catalogue))).toEqual({});
  });

  it('written twice is caught, whatever quotes it has', () => {
    const code = ["const a = { toList: 'レポート一覧へ' };", 'const b = { back: `レポート一覧へ` };', "const c = 'レポート';", "const d = 'レポート';"].join('\n');
    expect(Object.fromEntries(repeatedTexts(literalsOf('sample.ts', code)))).toEqual({ レポート一覧へ: ['sample.ts:1', 'sample.ts:2'] });
  });
});
