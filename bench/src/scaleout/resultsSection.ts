import fs from 'node:fs';
import { RESULTS_MD } from '../config';

/**
 * Figures of a benchmark with a script of its own live in their own marked section of RESULTS.md
 * (`npm run bench:scaleout`, `npm run bench:notifications`): the script writes its section, and the
 * main benchmark's report (report/writeReport.ts) keeps every section when it rewrites the rest.
 */
export const MARKED_SECTIONS = {
  scaleout: { begin: '<!-- scaleout:begin (written by npm run bench:scaleout) -->', end: '<!-- scaleout:end -->' },
  notifications: { begin: '<!-- notifications:begin (written by npm run bench:notifications) -->', end: '<!-- notifications:end -->' },
  cases: { begin: '<!-- cases:begin (figures of npm run bench:cases, bench/cases-results.json) -->', end: '<!-- cases:end -->' },
  operators: { begin: '<!-- operators:begin (written by npm run bench:operators, bench/operators-results*.json) -->', end: '<!-- operators:end -->' },
  read: { begin: '<!-- read:begin (written by npm run bench:read) -->', end: '<!-- read:end -->' },
  million: { begin: '<!-- million:begin (1,000,000 reports: measured by hand, see the section) -->', end: '<!-- million:end -->' },
  safety: { begin: '<!-- safety:begin (written by npm run bench:safety) -->', end: '<!-- safety:end -->' },
  warnings: { begin: '<!-- warnings:begin (written by npm run bench:warnings) -->', end: '<!-- warnings:end -->' },
  saves: { begin: '<!-- saves:begin (figures of npm run bench:saves, bench/saves-results.json, written by hand) -->', end: '<!-- saves:end -->' },
  writes: { begin: '<!-- writes:begin (written by npm run bench:writes -- --report, from bench/writes-results.json) -->', end: '<!-- writes:end -->' },
} as const;
export type MarkedSection = keyof typeof MARKED_SECTIONS;

export const SECTION_BEGIN = MARKED_SECTIONS.scaleout.begin;
export const SECTION_END = MARKED_SECTIONS.scaleout.end;

/** The marked section `name` of `text` with its markers, or null. */
export function markedSection(text: string, name: MarkedSection = 'scaleout'): string | null {
  const { begin: open, end: close } = MARKED_SECTIONS[name];
  const begin = text.indexOf(open);
  const end = text.indexOf(close);
  return begin >= 0 && end > begin ? text.slice(begin, end + close.length) : null;
}

export const scaleOutSection = (text: string): string | null => markedSection(text, 'scaleout');

/** Every marked section of the current RESULTS.md, in file order, for a report that rewrites the file around them. */
export function currentMarkedSections(): string[] {
  if (!fs.existsSync(RESULTS_MD)) return [];
  const text = fs.readFileSync(RESULTS_MD, 'utf8');
  return (Object.keys(MARKED_SECTIONS) as MarkedSection[])
    .map((name) => ({ section: markedSection(text, name), at: text.indexOf(MARKED_SECTIONS[name].begin) }))
    .filter((entry): entry is { section: string; at: number } => entry.section !== null)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.section);
}

/** Replaces the section `name` in RESULTS.md, or appends it; nothing else of the file changes. */
export function writeMarkedSection(section: string, name: MarkedSection): void {
  const current = fs.existsSync(RESULTS_MD) ? fs.readFileSync(RESULTS_MD, 'utf8') : '';
  const block = `${MARKED_SECTIONS[name].begin}\n${section}\n${MARKED_SECTIONS[name].end}`;
  const existing = markedSection(current, name);
  fs.writeFileSync(RESULTS_MD, existing ? current.replace(existing, () => block) : `${current.trimEnd()}\n\n${block}\n`);
}

export const writeScaleOutSection = (section: string): void => writeMarkedSection(section, 'scaleout');
