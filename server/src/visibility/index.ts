/**
 * Who may see a report, a comment or a member's profile: the one place that says it. predicates.ts for
 * a single record and a viewer, queries.ts (Sequelize) and sql.ts (raw SQL) for lists and counts,
 * counters.ts for the denormalised columns that follow the same rules, memberVisibilityChange.ts for
 * what follows a member's suspension, listRelationsCache.ts for a member's relations kept a moment, sensitiveImages.ts for how a labelled image reaches each viewer. Rules that depend on the viewer's relations to others take the
 * viewer in all three forms; visibilityAgreement.int.test.ts checks that the forms agree.
 */
export * from './counters';
export * from './facts';
export * from './memberVisibilityChange';
export * from './predicates';
export * from './queries';
export * from './relations';
export * from './sql';
export * from './sensitiveImages';
export * from './listRelationsCache';
export * from './contentWarnings';
export * from './savedReports';
export * from './follows';
