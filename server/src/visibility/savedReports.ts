import { isReportListed } from './predicates';
import type { ReportFacts } from './facts';
import { isReportShownInLists, RELATION_PARAMS, reportShownInListsSql, type RelationTo, type RelationValues } from './relations';
import { listedReportSql } from './sql';

/*
 * 保存: a saved report shows in its member's saved lists, collections and search inside them
 * exactly when it would show in their other lists: listed (published, not hidden, author not suspended)
 * and shown in their lists (not blocked either way, not muted, no muted word, and whatever rule is added
 * to reportShownInListsSql / isReportShownInLists). Saves are never removed for turning invisible: the
 * lists filter at read time with this rule, so a report that becomes visible again comes back.
 * visibilityAgreement.int.test.ts checks the two forms agree.
 */

/** Report alias `r` shows in the viewer's saved lists (replacements: relationReplacements). */
export const savedReportShownSql = (r: string, v: RelationValues = RELATION_PARAMS): string => `(${listedReportSql(r)} AND ${reportShownInListsSql(r, v)})`;

/** savedReportShownSql for one report whose facts, relation to its author, the viewer's muted words and hidden labels are loaded. */
export function isSavedReportShown(
  viewerId: number,
  report: ReportFacts & { matchText: string | null; warningMask: number },
  relation: RelationTo,
  foldedWords: readonly string[],
  hiddenWarningMask: number,
): boolean {
  return isReportListed(report) && isReportShownInLists(viewerId, report, relation, foldedWords, hiddenWarningMask);
}
