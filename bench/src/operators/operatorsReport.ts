import { writeMarkedSection } from '../scaleout/resultsSection';
import type { Figure } from './operatorsBench';

export interface OperatorsResults {
  date: string;
  machine: { cpus: number; model: string; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  data: Record<string, number>;
  results: Record<string, Figure>;
}

const ms = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 1 })} ms`;
const kb = (bytes: number) => (bytes ? `${(bytes / 1024).toFixed(1)} KB` : '—');
const n = (value: number | undefined) => (value ?? 0).toLocaleString('en');

/** The operators' section of RESULTS.md from operators-results.json: the figures as measured, nothing judged here. */
export function renderOperatorsSection(out: OperatorsResults): string {
  const { data, machine } = out;
  const rows = Object.values(out.results).map(
    (figure) => `| ${figure.label} | ${ms(figure.p50Ms)} | ${ms(figure.p95Ms)} | ${figure.statements.join(', ')} | ${kb(figure.bytes)} | ${figure.statuses.join(', ') || '—'} |`,
  );
  return [
    '## Operators\' screens (issue 22)',
    '',
    `${n(data.reports)} reports by ${n(data.members)} members (${n(data.comments)} comments, ${n(data.likes)} likes), ${n(data.flags)} flags in ${n(data.cases)} cases`,
    `(${n(data.openCases)} open), ${n(data.events)} analytics events over 366 days rolled up by the project's own rollUpDay into`,
    `${n(data.dailyRows)} daily rows (${n(data.paths)} distinct routes). The real app in the benchmark's process, an operator's session,`,
    `${out.results['analytics-year']?.requests ?? 0} requests one after another after 10 to warm up; ${out.date.slice(0, 10)}, ${machine.cpus} cores, load average`,
    `${machine.loadAverageBefore.join(' / ')} before and ${machine.loadAverageAfter.join(' / ')} after (1, 5 and 15 minutes; on 2 cores, anything near 2 or above means other work ran beside it).`,
    'Rows marked "direct" send one statement straight to MariaDB (no app); the reference rows are the same run.',
    '',
    '| request | p50 | p95 | SQL statements | answer | status |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export async function writeOperatorsSection(out: OperatorsResults, notes = ''): Promise<void> {
  writeMarkedSection(`${renderOperatorsSection(out)}${notes ? `\n\n${notes}` : ''}`, 'operators');
}
