import type { ReportListItem } from '@hiraku/shared';

/**
 * Adds a page to the list without duplicates. A report sent again (with sort=like its likes may move it
 * across a page boundary) keeps its place and takes the newer data.
 */
export function mergeReports(existing: readonly ReportListItem[], page: readonly ReportListItem[]): ReportListItem[] {
  const merged = [...existing];
  const indexById = new Map(merged.map((report, index) => [report._id, index]));
  for (const report of page) {
    const at = indexById.get(report._id);
    if (at === undefined) {
      indexById.set(report._id, merged.length);
      merged.push(report);
    } else {
      merged[at] = report;
    }
  }
  return merged;
}
