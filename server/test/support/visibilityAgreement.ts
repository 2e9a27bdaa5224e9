import type { Viewer } from '../../src/policies/viewer';

/**
 * One visibility rule in its three forms, for a set of rows made by the test: the predicate on one row,
 * and the ids the Sequelize condition and the raw SQL condition select among `ids`. A rule that reads
 * the viewer's relations to others (blocks, mutes) is one more case: its rows and viewers are made with
 * those relations, and its three forms take the same viewer.
 */
export interface VisibilityForms<Row> {
  rows: Row[];
  idOf(row: Row): number;
  predicate(viewer: Viewer, row: Row): boolean;
  sequelize(viewer: Viewer, ids: number[]): Promise<number[]>;
  sql(viewer: Viewer, ids: number[]): Promise<number[]>;
}

export interface VisibilityVerdict {
  viewer: string;
  row: string;
  predicate: boolean;
  sequelize: boolean;
  sql: boolean;
}

/**
 * Every row x viewer through all three forms: one verdict each, labelled so that a disagreement names
 * the viewer and the row's state.
 */
export async function visibilityVerdicts<Row>(
  forms: VisibilityForms<Row>,
  viewers: ReadonlyArray<readonly [label: string, viewer: Viewer]>,
  labelOf: (row: Row) => string,
): Promise<VisibilityVerdict[]> {
  const ids = forms.rows.map(forms.idOf);
  const verdicts: VisibilityVerdict[] = [];
  for (const [label, viewer] of viewers) {
    const bySequelize = new Set(await forms.sequelize(viewer, ids));
    const bySql = new Set(await forms.sql(viewer, ids));
    for (const row of forms.rows) {
      const id = forms.idOf(row);
      verdicts.push({ viewer: label, row: labelOf(row), predicate: forms.predicate(viewer, row), sequelize: bySequelize.has(id), sql: bySql.has(id) });
    }
  }
  return verdicts;
}

/** The verdicts whose three forms do not say the same. */
export const disagreements = (verdicts: VisibilityVerdict[]): VisibilityVerdict[] =>
  verdicts.filter((verdict) => verdict.predicate !== verdict.sequelize || verdict.predicate !== verdict.sql);
