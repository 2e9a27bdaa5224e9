import { COMMUNITY_MESSAGES, reportFieldsFromMultipart, reportInputSchema, type MultipartFields, type ReportInput } from '@hiraku/shared';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';

export { memberReportsQuerySchema, reportFeedQuerySchema } from '@hiraku/shared';

/** The report form's multipart fields, decoded and checked with the same schema the UI uses. */
export function parseReportForm(fields: MultipartFields): ReportInput {
  const nested = reportFieldsFromMultipart(fields);
  if (!nested) throw validationError(COMMUNITY_MESSAGES.report.formInvalid);
  return parseInput(reportInputSchema, nested);
}
