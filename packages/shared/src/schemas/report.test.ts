import { TEXTS } from '../texts';
import { REPORT_FIELD_LABELS } from '../texts/report/fields';
import { LIMITS } from '../limits';
import {
  newReportFormValues,
  reportFieldsFromMultipart,
  reportFormEntries,
  reportFormValuesFromDetail,
  reportInputSchema,
  type MultipartFields,
  type ReportFormValues,
} from './report';

const values: ReportFormValues = {
  title: ' 縄の夜 ',
  description: '感想です',
  tips: '',
  duration: '',
  gender: 1,
  sexualOrientation: 2,
  role: 3,
  isDraft: false,
  tools: [
    { name: '縄', quantity: '2本' },
    { name: '', quantity: '' },
  ],
  play: [
    { stepNumber: 1, action: '' },
    { stepNumber: 2, action: '縛る' },
  ],
  playCategories: [10, 11],
  playContents: [20],
};

/** What a multipart parser hands the server: repeated names become arrays. */
function asMultipart(entries: Array<[string, string]>): MultipartFields {
  const fields: MultipartFields = {};
  for (const [name, value] of entries) {
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return fields;
}

describe('report form encoding', () => {
  it('round-trips the form through multipart fields into the validated input', () => {
    const decoded = reportFieldsFromMultipart(asMultipart(reportFormEntries(values)));
    expect(reportInputSchema.parse(decoded)).toEqual({
      warnings: [],
      warningOther: null,
      // Not sent by this form either: a report is for all members unless its author chose フォロワーのみ.
      audience: 'members',
      title: '縄の夜',
      description: '感想です',
      tips: null,
      duration: null,
      gender: 1,
      sexualOrientation: 2,
      role: 3,
      isDraft: false,
      removeMainImage: false,
      imageConsent: false,
      imageMosaic: false,
      // Not sent by this form: a client that does not know the label posts a labelled image.
      imageSensitive: true,
      tools: [{ name: '縄', quantity: '2本' }],
      play: [{ stepNumber: 1, action: '縛る' }],
      playCategories: [10, 11],
      playContents: [20],
    });
  });

  it('orders rows by their index, not by arrival, and accepts unindexed lists', () => {
    const decoded = reportFieldsFromMultipart({
      'tools[10][name]': 'c',
      'tools[2][name]': 'b',
      'tools[0][name]': 'a',
      'playContents[]': ['7', '8'],
      playCategories: '5',
    });
    expect(decoded).toEqual({
      tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      playCategories: ['5'],
      playContents: ['7', '8'],
    });
  });

  it('ignores unknown fields and refuses a single field sent twice', () => {
    expect(reportFieldsFromMultipart({ title: 't', authorId: '1', 'tools[0][evil]': 'y', 'tools[99999][name]': 'z' })).toEqual({ title: 't' });
    expect(reportFieldsFromMultipart({ title: ['a', 'b'] })).toBeNull();
    expect(reportFieldsFromMultipart({ 'tools[0][name]': ['a', 'b'] })).toBeNull();
    // A step's column under a tool row: not a form this site makes.
    expect(reportFieldsFromMultipart({ 'tools[0][action]': 'x' })).toBeNull();
  });
});

describe('reportInputSchema', () => {
  const issues = (input: unknown) => {
    const result = reportInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('drops duplicate tags and keeps their order', () => {
    const parsed = reportInputSchema.parse({ title: 't', isDraft: true, playContents: ['3', 3, '1', ''] });
    expect(parsed.playContents).toEqual([3, 1]);
  });

  it('counts characters as members do (emoji are one)', () => {
    expect(issues({ title: '🪢'.repeat(LIMITS.reportTitleMax), isDraft: true })).toEqual([]);
    expect(issues({ title: '🪢'.repeat(LIMITS.reportTitleMax + 1), isDraft: true })).toEqual([['title', TEXTS.report.titleTooLong]]);
  });

  it('names every missing field of a report to be published', () => {
    expect(issues({ title: 't', isDraft: 'false' })).toEqual(
      (['gender', 'sexualOrientation', 'role', 'playCategories', 'playContents', 'description'] as const).map((field) => [
        field,
        TEXTS.report.requiredForPublish(REPORT_FIELD_LABELS[field]),
      ]),
    );
  });

  it('answers in Japanese for values of the wrong shape', () => {
    expect(issues({ title: 't', isDraft: true, gender: 'x' })).toEqual([['gender', TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.gender)]]);
    expect(issues({ title: 't', isDraft: 'maybe' })).toEqual([['isDraft', TEXTS.report.formInvalid]]);
    expect(issues({ title: 't', isDraft: true, tools: 'rope' })).toEqual([['tools', TEXTS.report.formInvalid]]);
    expect(issues({ title: 't', isDraft: true, playCategories: [String(2 ** 60)] })).toEqual([
      ['playCategories', TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.playCategories)],
    ]);
  });
});

describe('form values', () => {
  it('starts a new report with three numbered empty steps, one tool row and the profile tags', () => {
    const values = newReportFormValues({ gender: { _id: 4, name: '女性' }, role: null });
    expect(values.play).toEqual([
      { stepNumber: 1, action: '' },
      { stepNumber: 2, action: '' },
      { stepNumber: 3, action: '' },
    ]);
    expect(values.tools).toEqual([{ name: '', quantity: '' }]);
    expect([values.gender, values.sexualOrientation, values.role]).toEqual([4, null, null]);
    // Blank rows are dropped, so a draft with a title is valid straight away.
    expect(reportInputSchema.safeParse({ ...values, title: '下書き', isDraft: true }).success).toBe(true);
  });

  it('fills the edit form from a report', () => {
    const values = reportFormValuesFromDetail({
      _id: 1,
      title: 't',
      description: 'd',
      tips: '',
      duration: '',
      gender: { _id: 1, name: 'a' },
      sexualOrientation: null,
      role: { _id: 3, name: 'c' },
      playCategories: [{ _id: 10, name: 'x' }],
      playContents: [{ _id: 20, name: 'y' }],
      tools: [{ name: '縄', quantity: '' }],
      play: [{ stepNumber: 1, action: 'a' }],
      isDraft: true,
      isHidden: false,
    audience: 'members',
      mainImageUrl: null,
      thumbnailUrl: null,
      image: null,
      warnings: ['blood'],
      warningOther: null,
      warningsLocked: false,
      likeCount: 0,
      commentCount: 0,
      createdAt: '',
      updatedAt: '',
      publishedAt: null,
      authorData: { username: 'u', iconUrl: null, publicId: 'p' },
      abilities: { update: true, delete: true, like: false, comment: false },
    });
    expect(values).toMatchObject({ gender: 1, sexualOrientation: null, role: 3, playCategories: [10], playContents: [20], isDraft: true });
  });
});
