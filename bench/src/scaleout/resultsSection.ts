import fs from 'node:fs';
import { RESULTS_MD } from '../config';

/**
 * The scale-out figures live in their own marked section of RESULTS.md: `npm run bench:scaleout`
 * writes it, and the main benchmark's report (report/writeReport.ts) keeps it when it rewrites the rest.
 */
export const SECTION_BEGIN = '<!-- scaleout:begin (written by npm run bench:scaleout) -->';
export const SECTION_END = '<!-- scaleout:end -->';

/** The marked section of `text` with its markers, or null. */
export function scaleOutSection(text: string): string | null {
  const begin = text.indexOf(SECTION_BEGIN);
  const end = text.indexOf(SECTION_END);
  return begin >= 0 && end > begin ? text.slice(begin, end + SECTION_END.length) : null;
}

/** The section of the current RESULTS.md, for a report that rewrites the file around it. */
export function currentScaleOutSection(): string | null {
  return fs.existsSync(RESULTS_MD) ? scaleOutSection(fs.readFileSync(RESULTS_MD, 'utf8')) : null;
}

/** Replaces the section in RESULTS.md, or appends it; nothing else of the file changes. */
export function writeScaleOutSection(section: string): void {
  const current = fs.existsSync(RESULTS_MD) ? fs.readFileSync(RESULTS_MD, 'utf8') : '';
  const block = `${SECTION_BEGIN}\n${section}\n${SECTION_END}`;
  const existing = scaleOutSection(current);
  fs.writeFileSync(RESULTS_MD, existing ? current.replace(existing, () => block) : `${current.trimEnd()}\n\n${block}\n`);
}
