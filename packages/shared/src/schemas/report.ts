import { z } from 'zod';
import { COMMON_TEXTS } from '../texts/common';
import { REPORT_FIELD_LABELS, type ReportFieldName } from '../texts/report/fields';
import { PROFILE_MESSAGES } from '../texts/profile/messages';
import { REPORT_MESSAGES } from '../texts/report/messages';
import type { ReportDetail } from '../api/reports';
import type { TagRef } from '../api/taxonomy';
import { FEED_SORT_OPTIONS, LIMITS, REPORT_AUDIENCES, type ReportAudience } from '../limits';
import { charLength } from '../text';
import { idListSchema, isIdString, optionalIdSchema } from './ids';
import { CONTENT_WARNING_KEYS, type ContentWarningKey } from '../contentWarnings';
import { CONTENT_WARNING_MESSAGES } from '../texts/contentWarnings/messages';

const m = REPORT_MESSAGES;
const label = REPORT_FIELD_LABELS;

/**
 * What the report form holds, with tags as the numeric `_id`s the API sends (null: not chosen).
 * `reportFormEntries` turns it into the multipart fields of docs/product.md §7; `reportInputSchema`
 * accepts it as is (client-side checks) and the server's decoded multipart fields (the same checks).
 */
export interface ReportFormValues {
  title: string;
  description: string;
  tips: string;
  duration: string;
  gender: number | null;
  sexualOrientation: number | null;
  role: number | null;
  isDraft: boolean;
  tools: Array<{ name: string; quantity: string }>;
  play: Array<{ stepNumber: number; action: string }>;
  playCategories: number[];
  playContents: number[];
  /** On edit: drop the current main image without choosing a new one. */
  removeMainImage?: boolean;
  /**
   * With a new image: the poster confirms that everyone shown agreed to its posting and
   * that anything the law forbids showing is mosaicked. The server refuses an image without both.
   */
  imageConsent?: boolean;
  imageMosaic?: boolean;
  /**
   * The main image is labelled センシティブな画像: shown blurred or not at all to members
   * who chose so. On unless the poster turns it off; a label an operator locked cannot be turned off.
   */
  imageSensitive?: boolean;
  /** Content warnings: any number of labels, and the text that goes with その他. */
  warnings?: ContentWarningKey[];
  warningOther?: string;
  /** 全会員 or フォロワーのみ; absent is 全会員. */
  audience?: ReportAudience;
}

/** Trimmed text with Windows line ends made plain; absent or null becomes ''. */
function text(max: number, tooLong: string) {
  return z
    .string({ error: m.formInvalid })
    .nullish()
    .transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim())
    .refine((value) => charLength(value) <= max, tooLong);
}

const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])], { error: m.formInvalid })
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === true || value === 'true' || value === '1' || value === 'on'));

const nullIfEmpty = (value: string) => (value === '' ? null : value);

const toolRow = z
  .object(
    {
      name: text(LIMITS.toolNameMax, m.toolNameTooLong),
      quantity: text(LIMITS.toolQuantityMax, m.toolQuantityMax),
    },
    { error: m.formInvalid },
  )
  // A quantity without a name cannot be shown in the tools table; a fully blank row is simply dropped.
  .refine((row) => row.name !== '' || row.quantity === '', { message: m.toolNameRequired, path: ['name'] });

const stepRow = z.object(
  {
    // Ignored: steps are numbered 1..n in the order sent, so a removed step leaves no gap.
    stepNumber: z.union([z.string(), z.number()], { error: m.formInvalid }).optional(),
    action: text(LIMITS.stepActionMax, m.stepActionTooLong),
  },
  { error: m.formInvalid },
);

const tagList = (field: 'playCategories' | 'playContents', max: number) =>
  idListSchema(m.tagInvalid(label[field])).refine((ids) => ids.length <= max, m.maxSelectable(max));

/** The fields a published report must have (marked ※ on the form); a draft needs only its title. */
export const REQUIRED_FOR_PUBLISH = ['title', 'gender', 'sexualOrientation', 'role', 'playCategories', 'playContents', 'description'] as const satisfies readonly ReportFieldName[];

export const reportInputSchema = z
  .object(
    {
      title: text(LIMITS.reportTitleMax, m.titleTooLong).refine((title) => title !== '', m.titleRequired),
      description: text(LIMITS.reportTextMax, m.descriptionTooLong),
      tips: text(LIMITS.reportTextMax, m.tipsTooLong),
      duration: text(LIMITS.durationMax, m.durationTooLong),
      gender: optionalIdSchema(m.tagInvalid(label.gender)),
      sexualOrientation: optionalIdSchema(m.tagInvalid(label.sexualOrientation)),
      role: optionalIdSchema(m.tagInvalid(label.role)),
      // A report is stored as a draft unless the member clearly chose to publish it.
      isDraft: flag(true),
      removeMainImage: flag(false),
      imageConsent: flag(false),
      imageMosaic: flag(false),
      // Absent means labelled: a client that does not know the field never posts an unlabelled image.
      imageSensitive: flag(true),
      // Issue 36: absent is 全会員; the server refuses フォロワーのみ without フォロー承認制.
      audience: z.enum(REPORT_AUDIENCES, { error: COMMON_TEXTS.invalidInput }).optional().default('members'),
      tools: z
        .array(toolRow, { error: m.formInvalid })
        .nullish()
        .transform((rows) => (rows ?? []).filter((row) => row.name !== '').map((row) => ({ name: row.name, quantity: nullIfEmpty(row.quantity) })))
        .refine((rows) => rows.length <= LIMITS.toolsMax, m.toolsMax),
      play: z
        .array(stepRow, { error: m.formInvalid })
        .nullish()
        .transform((rows) => (rows ?? []).filter((row) => row.action !== '').map((row, index) => ({ stepNumber: index + 1, action: row.action })))
        .refine((rows) => rows.length <= LIMITS.stepsMax, m.stepsMax),
      playCategories: tagList('playCategories', LIMITS.playCategoriesMax),
      playContents: tagList('playContents', LIMITS.playContentsMax),
      warnings: z
        .array(z.enum(CONTENT_WARNING_KEYS, { error: CONTENT_WARNING_MESSAGES.invalidLabel }), { error: CONTENT_WARNING_MESSAGES.invalidLabel })
        .nullish()
        .transform((keys) => CONTENT_WARNING_KEYS.filter((key) => (keys ?? []).includes(key))),
      warningOther: text(LIMITS.contentWarningOtherMax, CONTENT_WARNING_MESSAGES.otherTooLong),
    },
    { error: m.formInvalid },
  )
  // Drafts too: その他 without saying what would warn of nothing.
  .refine((report) => !report.warnings.includes('other') || report.warningOther !== '', { message: CONTENT_WARNING_MESSAGES.otherRequired, path: ['warningOther'] })
  .superRefine((report, ctx) => {
    if (report.isDraft) return;
    const missing: Record<(typeof REQUIRED_FOR_PUBLISH)[number], boolean> = {
      // Already refused above with its own message, draft or not.
      title: false,
      gender: report.gender === null,
      sexualOrientation: report.sexualOrientation === null,
      role: report.role === null,
      playCategories: report.playCategories.length === 0,
      playContents: report.playContents.length === 0,
      description: report.description === '',
    };
    for (const field of REQUIRED_FOR_PUBLISH) {
      if (missing[field]) ctx.addIssue({ code: 'custom', message: m.requiredForPublish(label[field]), path: [field] });
    }
  })
  .transform(({ description, tips, duration, warningOther, ...rest }) => ({
    ...rest,
    // The text belongs to その他 alone: without it, a leftover text is not kept.
    warningOther: rest.warnings.includes('other') ? warningOther : null,
    description: nullIfEmpty(description),
    tips: nullIfEmpty(tips),
    duration: nullIfEmpty(duration),
  }));

/** A validated report: ids are numbers, blank rows are gone, steps are numbered 1..n. */
export type ReportInput = z.output<typeof reportInputSchema>;

/**
 * A new report form (docs/product.md §4): three empty steps numbered 1 to 3, one empty tool row, and the
 * member's profile tags prefilled.
 */
export function newReportFormValues(profile: { gender?: TagRef | null; sexualOrientation?: TagRef | null; role?: TagRef | null } = {}): ReportFormValues {
  return {
    title: '',
    description: '',
    tips: '',
    duration: '',
    gender: profile.gender?._id ?? null,
    sexualOrientation: profile.sexualOrientation?._id ?? null,
    role: profile.role?._id ?? null,
    isDraft: false,
    tools: [{ name: '', quantity: '' }],
    play: Array.from({ length: LIMITS.initialSteps }, (_, i) => ({ stepNumber: i + 1, action: '' })),
    playCategories: [],
    playContents: [],
    imageSensitive: true,
    warnings: [],
    warningOther: '',
  };
}

/** The edit form filled from a report as GET /api/reports/:id returns it. */
export function reportFormValuesFromDetail(report: ReportDetail): ReportFormValues {
  return {
    title: report.title,
    description: report.description,
    tips: report.tips,
    duration: report.duration,
    gender: report.gender?._id ?? null,
    sexualOrientation: report.sexualOrientation?._id ?? null,
    role: report.role?._id ?? null,
    isDraft: report.isDraft,
    tools: report.tools.map((tool) => ({ name: tool.name, quantity: tool.quantity })),
    play: report.play.map((step) => ({ stepNumber: step.stepNumber, action: step.action })),
    playCategories: report.playCategories.map((tag) => tag._id),
    playContents: report.playContents.map((tag) => tag._id),
    imageSensitive: report.image?.sensitive ?? true,
    warnings: report.warnings,
    warningOther: report.warningOther ?? '',
    audience: report.audience,
  };
}

/** Name of the file field of the report form (at most one file). */
export const REPORT_IMAGE_FIELD = 'mainImage';

/**
 * The multipart fields of docs/product.md §7 for `values`, in a stable order. Blank tool rows and
 * steps are sent too (the server drops them), so the field indexes match the form's rows.
 */
export function reportFormEntries(values: ReportFormValues): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    ['title', values.title],
    ['description', values.description],
    ['duration', values.duration],
    ['gender', values.gender === null ? '' : String(values.gender)],
    ['sexualOrientation', values.sexualOrientation === null ? '' : String(values.sexualOrientation)],
    ['role', values.role === null ? '' : String(values.role)],
    ['tips', values.tips],
    ['isDraft', String(values.isDraft)],
  ];
  if (values.imageSensitive !== undefined) entries.push(['imageSensitive', String(values.imageSensitive)]);
  if (values.audience !== undefined) entries.push(['audience', values.audience]);
  if (values.removeMainImage) entries.push(['removeMainImage', 'true']);
  if (values.imageConsent) entries.push(['imageConsent', 'true']);
  if (values.imageMosaic) entries.push(['imageMosaic', 'true']);
  values.tools.forEach((tool, i) => {
    entries.push([`tools[${i}][name]`, tool.name], [`tools[${i}][quantity]`, tool.quantity]);
  });
  values.play.forEach((step, i) => {
    entries.push([`play[${i}][stepNumber]`, String(step.stepNumber)], [`play[${i}][action]`, step.action]);
  });
  values.playCategories.forEach((id, i) => entries.push([`playCategories[${i}]`, String(id)]));
  values.playContents.forEach((id, i) => entries.push([`playContents[${i}]`, String(id)]));
  (values.warnings ?? []).forEach((key, i) => entries.push([`warnings[${i}]`, key]));
  if (values.warningOther) entries.push(['warningOther', values.warningOther]);
  return entries;
}

export type MultipartFields = Record<string, string | string[] | undefined>;

const SCALAR_FIELDS = ['title', 'description', 'tips', 'duration', 'gender', 'sexualOrientation', 'role', 'isDraft', 'removeMainImage', 'imageConsent', 'imageMosaic', 'imageSensitive', 'warningOther', 'audience'] as const;
const ROW_FIELD = /^(tools|play)\[(\d{1,3})\]\[(name|quantity|stepNumber|action)\]$/;
const LIST_FIELD = /^(playCategories|playContents|warnings)(?:\[(\d{1,3})?\])?$/;
const ROW_KEYS = { tools: ['name', 'quantity'], play: ['stepNumber', 'action'] } as const;

/**
 * Turns flat multipart fields (`tools[0][name]`, `playCategories[1]`, repeated `playCategories`...)
 * into the nested shape `reportInputSchema` reads. Rows keep the order of their indexes; unknown
 * fields are ignored. Returns null when a field that must be single was sent twice.
 */
export function reportFieldsFromMultipart(fields: MultipartFields): Record<string, unknown> | null {
  const result: Record<string, unknown> = {};
  for (const name of SCALAR_FIELDS) {
    const value = fields[name];
    if (Array.isArray(value)) return null;
    if (value !== undefined) result[name] = value;
  }
  const rows = { tools: new Map<number, Record<string, string>>(), play: new Map<number, Record<string, string>>() };
  const lists = { playCategories: new Map<number, string[]>(), playContents: new Map<number, string[]>(), warnings: new Map<number, string[]>() };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const row = ROW_FIELD.exec(key);
    if (row) {
      const [, group, index, column] = row as unknown as [string, 'tools' | 'play', string, string];
      if (Array.isArray(value) || !(ROW_KEYS[group] as readonly string[]).includes(column)) return null;
      const entry = rows[group].get(Number(index)) ?? {};
      entry[column] = value;
      rows[group].set(Number(index), entry);
      continue;
    }
    const list = LIST_FIELD.exec(key);
    if (list) {
      const [, group, index] = list as unknown as [string, 'playCategories' | 'playContents' | 'warnings', string | undefined];
      // Unindexed (`playCategories`, `playCategories[]`) entries go after the indexed ones.
      const position = index === undefined ? Number.MAX_SAFE_INTEGER : Number(index);
      const existing = lists[group].get(position) ?? [];
      lists[group].set(position, [...existing, ...(Array.isArray(value) ? value : [value])]);
    }
  }
  const inIndexOrder = <T>(map: Map<number, T>): T[] => [...map.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
  if (rows.tools.size > 0) result.tools = inIndexOrder(rows.tools);
  if (rows.play.size > 0) result.play = inIndexOrder(rows.play);
  if (lists.playCategories.size > 0) result.playCategories = inIndexOrder(lists.playCategories).flat();
  if (lists.playContents.size > 0) result.playContents = inIndexOrder(lists.playContents).flat();
  if (lists.warnings.size > 0) result.warnings = inIndexOrder(lists.warnings).flat();
  return result;
}

/** GET /api/reports/infinite: `lastKey` is the opaque `nextKey` of the previous page. */
export const reportFeedQuerySchema = z.object({
  sort: z.enum(FEED_SORT_OPTIONS, { error: COMMON_TEXTS.invalidInput }).default('new'),
  lastKey: z
    .string({ error: m.invalidCursor })
    .max(2048, m.invalidCursor)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  limit: z.coerce
    .number({ error: COMMON_TEXTS.invalidInput })
    .int(COMMON_TEXTS.invalidInput)
    .min(1, COMMON_TEXTS.invalidInput)
    .max(LIMITS.pageSizeMax, COMMON_TEXTS.invalidInput)
    .default(LIMITS.pageSize),
});
export type ReportFeedQuery = z.output<typeof reportFeedQuerySchema>;

/** GET /api/reports?publicId= */
export const memberReportsQuerySchema = z.object({
  publicId: z.string({ error: m.publicIdRequired }).trim().min(1, m.publicIdRequired).max(64, PROFILE_MESSAGES.memberNotFound),
});

/** The `:id` of /api/reports/:id, /api/likes/:reportId and similar; anything else is "not found". */
export function parseRouteId(value: string | undefined): number | null {
  return value !== undefined && isIdString(value) ? Number(value) : null;
}
