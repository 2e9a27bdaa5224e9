/** TEXTS.moderation.rules: what the decision rules of issue 38 answer with (operators). */
import { LIMITS } from '../../limits';

export const DECISION_RULE_MESSAGES = {
  /** The member was told 「別の運営者が改めて確認します」: the deciding operator may not review it. */
  appealSameOperator: 'この判断をしたのはあなたなので、この異議は別の運営者が審査します。',
  /** The override is for a site with one operator only. */
  selfReviewNotAlone: 'ほかに運営者がいるため、自分の判断への異議を自分で審査することはできません。',
  selfReviewReasonTooLong: `自分で審査する理由は${LIMITS.moderationReasonMax}文字以内で入力してください。`,
} as const;
