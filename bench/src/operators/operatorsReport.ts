import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from '../config';
import { writeMarkedSection } from '../scaleout/resultsSection';
import type { Figure } from './operatorsBench';

export interface OperatorsResults {
  date: string;
  machine: { cpus: number; model: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  data: Record<string, number>;
  results: Record<string, Figure>;
}

/** The size `npm run bench:operators` builds without `--reports`. */
export const OPERATORS_DEFAULT_REPORTS = 100_000;
const RESULTS_FILE_NAME = /^operators-results(-\d+)?\.json$/;

/** bench/operators-results.json for the default size, bench/operators-results-<reports>.json for the others. */
export function operatorsResultsFile(reports: number): string {
  return path.join(BENCH_DIR, reports === OPERATORS_DEFAULT_REPORTS ? 'operators-results.json' : `operators-results-${reports}.json`);
}

const ms = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 1 })} ms`;
const kb = (bytes: number) => (bytes ? `${(bytes / 1024).toFixed(1)} KB` : '—');
const n = (value: number | undefined) => (value ?? 0).toLocaleString('en');

function describeRun(out: OperatorsResults): string {
  const { data, machine } = out;
  return [
    `- **${n(data.reports)} reports** by ${n(data.members)} members (${n(data.comments)} comments, ${n(data.likes)} likes), ${n(data.flags)} flags in ${n(data.cases)} cases`,
    `  (${n(data.openCases)} open), ${n(data.events)} analytics events over 366 days rolled up by the project's own rollUpDay into`,
    `  ${n(data.dailyRows)} daily rows (${n(data.paths)} distinct routes); ${out.date.slice(0, 16).replace('T', ' ')} UTC, ${machine.cpus} cores, load average`,
    `  ${machine.loadAverageBefore.join(' / ')} before and ${machine.loadAverageAfter.join(' / ')} after; ${n(out.results['analytics-year']?.requests)} requests of each kind.`,
  ].join('\n');
}

/** The operators' section of RESULTS.md from the results of each size: the figures as measured, nothing judged here. */
export function renderOperatorsSection(runs: OperatorsResults[]): string {
  const [first] = runs;
  if (!first) return "## Operators' screens (issue 22)\n\nNot measured yet: `npm run bench:operators`.";
  const cell = (figure: Figure | undefined) => (figure ? `${ms(figure.p50Ms)} / ${ms(figure.p95Ms)}` : '—');
  const detail = (figure: Figure | undefined) => (figure ? `${figure.statements.join(', ')} · ${kb(figure.bytes)} · ${figure.statuses.join(', ') || '—'}` : '—');
  const rows = Object.entries(first.results).map(([key, figure]) => {
    const sized = runs.map((run) => run.results[key]);
    return `| ${figure.label} | ${sized.map(cell).join(' | ')} | ${sized.map(detail).join(' | ')} |`;
  });
  const sizes = runs.map((run) => n(run.data.reports));
  return [
    "## Operators' screens (issue 22)",
    '',
    ...runs.map(describeRun),
    '',
    "The real app in the benchmark's process, an operator's session, the requests one after another after 10 to warm up",
    '(load averages: 1, 5 and 15 minutes; on 2 cores, anything near 2 or above means other work ran beside it).',
    'Rows marked "direct" send one statement straight to MariaDB (no app); the reference rows are the same run.',
    '',
    `| request | ${sizes.map((size) => `${size} reports: p50 / p95`).join(' | ')} | ${sizes.map((size) => `${size}: statements · answer · status`).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} | ${runs.map(() => '---').join(' | ')} |`,
    ...rows,
  ].join('\n');
}

/** Every measured size's stored results (the files operatorsResultsFile names), smallest first. */
export function readOperatorsResults(): OperatorsResults[] {
  return fs
    .readdirSync(BENCH_DIR)
    .filter((name) => RESULTS_FILE_NAME.test(name))
    .map((name) => JSON.parse(fs.readFileSync(path.join(BENCH_DIR, name), 'utf8')) as OperatorsResults)
    .sort((a, b) => (a.data.reports ?? 0) - (b.data.reports ?? 0));
}

export async function writeOperatorsSection(): Promise<void> {
  writeMarkedSection(renderOperatorsSection(readOperatorsResults()), 'operators');
}
