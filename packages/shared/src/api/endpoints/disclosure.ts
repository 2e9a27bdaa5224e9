import { z } from 'zod';
import { GUARD_MESSAGES as m } from '../../texts/guard/messages';
import { endpoint } from './define';

/** What a disclosure export is about: a play report (its posting and image uploads), a comment, or a member (everything they did). */
export const DISCLOSURE_TARGET_TYPES = ['report', 'comment', 'member'] as const;
export type DisclosureTargetType = (typeof DISCLOSURE_TARGET_TYPES)[number];

export const disclosureQuerySchema = z.object({
  targetType: z.enum(DISCLOSURE_TARGET_TYPES, { error: m.disclosureTargetInvalid }),
  /** A report's or comment's id, or a member's public id. */
  targetId: z.string({ error: m.disclosureIdInvalid }).trim().min(1, m.disclosureIdInvalid).max(64, m.disclosureIdInvalid),
});

/**
 * Issue 38: the records kept for 発信者情報開示 (source address, port, time in JST) of one piece of content
 * or one member, as CSV, for an answer to a court order or a provider's request. Audited. Admins only:
 * an operator is refused with 403 (TEXTS.common.adminsOnly).
 */
export const DISCLOSURE_ENDPOINTS = {
  'disclosure.records': endpoint('disclosure.records', {
    access: 'admin',
    query: disclosureQuerySchema,
    // The CSV text itself (the handler writes it as a download).
    response: z.string(),
    cache: 'no-store',
    // A report's or comment's id that is no id at all: nothing of that name was ever kept.
    errors: ['not_found'],
  }),
};
