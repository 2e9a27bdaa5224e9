import { CONTENT_WARNING_KEYS, contentWarningKeys, contentWarningMask, contentWarningMasks, contentWarningSettingsOf, coveringContentWarnings, defaultContentWarningSettings } from './contentWarnings';
import { reportFieldsFromMultipart, reportFormEntries, reportInputSchema, newReportFormValues } from './schemas/report';
import { TEXTS } from './texts';

describe('content warnings (issue 37)', () => {
  it('stores labels as bits in the catalogue order, and reads back only known ones', () => {
    expect(contentWarningMask(['blood', 'other'])).toBe(0b1000001);
    expect(contentWarningKeys(0b1000001 | 0b10000000)).toEqual(['blood', 'other']);
    expect(contentWarningKeys(contentWarningMask(CONTENT_WARNING_KEYS))).toEqual([...CONTENT_WARNING_KEYS]);
  });

  it('turns choices into masks and back; 警告 is neither, a label in both masks counts as hidden', () => {
    const settings = { ...defaultContentWarningSettings(), blood: 'hide' as const, marks: 'show' as const };
    const masks = contentWarningMasks(settings);
    expect(masks).toEqual({ hideMask: 0b1, showMask: 0b10 });
    expect(contentWarningSettingsOf(masks.hideMask, masks.showMask)).toEqual(settings);
    expect(contentWarningSettingsOf(0b1, 0b1).blood).toBe('hide');
  });

  it('covers with every label not on 表示する', () => {
    expect(coveringContentWarnings(['blood', 'marks', 'scat'], { ...defaultContentWarningSettings(), marks: 'show', scat: 'hide' })).toEqual(['blood', 'scat']);
  });

  it('the report form sends and reads warnings[]; その他 needs its text; the text without その他 is dropped', () => {
    const values = { ...newReportFormValues(), title: 't', isDraft: true, warnings: ['other' as const, 'blood' as const], warningOther: ' 火 ' };
    const fields = reportFieldsFromMultipart(Object.fromEntries(reportFormEntries(values)));
    const parsed = reportInputSchema.parse(fields);
    expect([parsed.warnings, parsed.warningOther]).toEqual([['blood', 'other'], '火']);
    const missing = reportInputSchema.safeParse({ title: 't', warnings: ['other'] });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.message)).toEqual([TEXTS.contentWarnings.otherRequired]);
    expect(reportInputSchema.parse({ title: 't', warnings: [], warningOther: '火' }).warningOther).toBeNull();
    expect(reportInputSchema.safeParse({ title: 't', warnings: ['gore'] }).success).toBe(false);
    expect(reportInputSchema.safeParse({ title: 't', warnings: ['other'], warningOther: 'あ'.repeat(51) }).success).toBe(false);
  });
});
