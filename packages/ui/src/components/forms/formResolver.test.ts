import { newReportFormValues, reportInputSchema, type ReportFormValues, TEXTS } from '@hiraku/shared';
import { fieldErrorsFromIssues } from './fieldErrors';
import { messagesOf, messagesResolver } from './formResolver';

const resolver = messagesResolver<ReportFormValues>((values) => {
  const checked = reportInputSchema.safeParse({ ...values, isDraft: false });
  return checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
});
const options = { fields: {}, shouldUseNativeValidation: false };

describe('react-hook-form resolver from the shared schema', () => {
  it('gives each wrong field the first message the schema has for it, and no values', async () => {
    const result = await resolver(newReportFormValues(), undefined, options);
    expect(result.values).toEqual({});
    const messages = messagesOf(result.errors);
    expect(messages.title).toBe(TEXTS.report.titleRequired);
    expect(Object.values(messages).every((message) => typeof message === 'string' && message !== '')).toBe(true);
  });

  it('passes the values through untouched when the schema accepts them', async () => {
    const values: ReportFormValues = { ...newReportFormValues(), title: '縄の練習', isDraft: true };
    const draftResolver = messagesResolver<ReportFormValues>((v) => {
      const checked = reportInputSchema.safeParse(v);
      return checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
    });
    const result = await draftResolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toBe(values);
  });
});
