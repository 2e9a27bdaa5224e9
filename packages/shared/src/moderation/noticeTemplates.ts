import { z } from 'zod';
import { LIMITS } from '../limits';
import { charLength } from '../text';
import { FLAG_CATEGORY_TEXTS } from '../texts/flag/categories';
import { NOTICE_TEMPLATE_MESSAGES as m } from '../texts/moderation/noticeTemplates';
import { CASE_ACTIONS, FLAG_CATEGORIES, type FlagCategory } from './cases';

/**
 * Notice templates: the reason an operator gives a decision, kept per decision and (optionally)
 * flag category, chosen in the case's reason dialog. A template may name what the case fills in:
 * {対象} the content or member decided on, {理由} the flag category's name. Any other {…} is refused.
 */
export const NOTICE_PLACEHOLDERS = ['対象', '理由'] as const;
export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The {…} names in a text that are not placeholders, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(NOTICE_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** The template's text with its placeholders filled. */
export function fillNoticeTemplate(text: string, values: { target: string; category: FlagCategory | null }): string {
  const filled: Record<NoticePlaceholder, string> = { 対象: values.target, 理由: values.category ? FLAG_CATEGORY_TEXTS[values.category].label : '' };
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in filled ? filled[name as NoticePlaceholder] : whole));
}

const normalized = (value: string) => value.replace(/\r\n?/g, '\n').trim();

const bodySchema = z
  .string({ error: m.bodyRequired })
  .transform(normalized)
  .refine((value) => value !== '', m.bodyRequired)
  .refine((value) => charLength(value) <= LIMITS.moderationReasonMax, m.bodyTooLong)
  .superRefine((value, context) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: m.unknownPlaceholder(unknown.map((name) => `{${name}}`).join(' '), NOTICE_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')) });
    }
  });

export const noticeTemplateInputSchema = z.object(
  {
    name: z
      .string({ error: m.nameRequired })
      .transform(normalized)
      .refine((value) => value !== '', m.nameRequired)
      .refine((value) => charLength(value) <= LIMITS.noticeTemplateNameMax, m.nameTooLong),
    decision: z.enum(CASE_ACTIONS, { error: m.decisionInvalid }),
    /** null: for every category. */
    category: z.enum(FLAG_CATEGORIES, { error: m.categoryInvalid }).nullable(),
    body: bodySchema,
  },
  { error: m.bodyRequired },
);
export type NoticeTemplateInput = z.output<typeof noticeTemplateInputSchema>;

/** POST /api/moderation/notice-templates/preview: a text as a member would read it, for the case's target or a sample. */
export const noticeTemplatePreviewInputSchema = z.object(
  {
    body: bodySchema,
    category: z.enum(FLAG_CATEGORIES, { error: m.categoryInvalid }).nullable().optional(),
    target: z.string().max(200).optional(),
  },
  { error: m.bodyRequired },
);

export const noticeTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  decision: z.enum(CASE_ACTIONS),
  category: z.enum(FLAG_CATEGORIES).nullable(),
  body: z.string(),
  updatedAt: z.string(),
});
export type NoticeTemplate = z.output<typeof noticeTemplateSchema>;

export const noticeTemplateListSchema = z.object({ templates: z.array(noticeTemplateSchema) });
export const noticeTemplateResponseSchema = z.object({ message: z.string(), changed: z.boolean(), template: noticeTemplateSchema });
export const noticeTemplateRemovedSchema = z.object({ message: z.string() });
export const noticeTemplatePreviewSchema = z.object({ text: z.string() });
