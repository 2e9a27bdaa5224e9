import { contentWarningMask, TEXTS, type ReportInput } from '@hiraku/shared';
import { validationError } from '../../errors';
import type { Report } from '../../models';

type WarningInput = Pick<ReportInput, 'warnings' | 'warningOther'>;

/** The report row's content warning columns from the form, as creating and editing write them. */
export const reportWarningColumns = (input: WarningInput): Pick<Report, 'warningMask' | 'warningOther'> => ({
  warningMask: contentWarningMask(input.warnings),
  warningOther: input.warningOther,
});

/**
 * Warnings an operator locked stay as they are whatever the form sends; a form that would change them is
 * refused plainly, not ignored (the form shows them fixed, so only an outdated page sends another set).
 */
export function assertWarningsUnchangedWhenLocked(report: Pick<Report, 'warningsLocked' | 'warningMask' | 'warningOther'>, input: WarningInput): void {
  if (!report.warningsLocked) return;
  const next = reportWarningColumns(input);
  if (next.warningMask !== report.warningMask || (next.warningOther ?? null) !== (report.warningOther ?? null)) {
    throw validationError(TEXTS.contentWarnings.locked, { warnings: TEXTS.contentWarnings.locked });
  }
}
