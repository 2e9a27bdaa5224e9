import { ACCOUNT_MAIL_TEXTS } from './account/mail';
import { ACCOUNT_MESSAGES } from './account/messages';
import { ACCOUNT_TEXTS } from './account/screens';
import { TUTORIAL_SLIDES } from './account/tutorial';
import { ANALYTICS_MESSAGES } from './analytics';
import { COMMENT_MESSAGES } from './comment/messages';
import { COMMENT_TEXTS } from './comment/screens';
import { COMMON_TEXTS } from './common';
import { CONTACT_CATEGORY_LABELS } from './contact/categories';
import { CONTACT_MAIL_TEXTS } from './contact/mail';
import { CONTACT_MESSAGES } from './contact/messages';
import { CONTACT_TEXTS } from './contact/screens';
import { DESKTOP_MESSAGES } from './desktop/messages';
import { DESKTOP_TEXTS } from './desktop/screens';
import { IMAGE_ATTESTATION_TEXTS, IMAGE_MESSAGES, SENSITIVE_IMAGE_TEXTS } from './image';
import { LANDING_TEXTS } from './landing';
import { LIKE_MESSAGES } from './like';
import { AUTOSAVE_TEXTS } from './autosave';
import { AUDIT_ACTION_LABELS } from './moderation/auditActions';
import { MODERATION_MESSAGES } from './moderation/messages';
import { CASE_MESSAGES } from './moderation/cases';
import { DECISION_RULE_MESSAGES } from './moderation/rules';
import { FLAG_CATEGORY_TEXTS } from './flag/categories';
import { FLAG_MESSAGES } from './flag/messages';
import { DECISION_MAIL_TEXTS } from './flag/mail';
import { FLAG_TEXTS } from './flag/screens';
import { MODERATION_TEXTS } from './moderation/screens';
import { NOTIFICATION_LINES, NOTIFICATION_MAIL_TEXTS, NOTIFICATION_MESSAGES, NOTIFICATION_TEXTS } from './notification';
import { PROFILE_MESSAGES } from './profile/messages';
import { PROFILE_TEXTS } from './profile/screens';
import { REPORT_CARD_TEXTS } from './report/card';
import { REPORT_DETAIL_TEXTS } from './report/detail';
import { REPORT_FIELD_LABELS } from './report/fields';
import { REPORT_FORM_TEXTS } from './report/form';
import { REPORT_LIST_TEXTS } from './report/list';
import { REPORT_MESSAGES } from './report/messages';
import { SEARCH_MESSAGES } from './search/messages';
import { SEARCH_TEXTS } from './search/screens';
import { PAGE_TITLES, SHELL_TEXTS } from './shell';
import { SAFETY_MESSAGES } from './safety/messages';
import { SAFETY_TEXTS } from './safety/screens';
import { SETTINGS_TEXTS } from './settings/screens';
import { BROWSER_LABELS, SYSTEM_LABELS } from './security/labels';
import { SECURITY_MESSAGES } from './security/messages';
import { SECURITY_TEXTS } from './security/screens';
import { SECURITY_MAIL_TEXTS } from './security/mail';
import { PASSKEY_MESSAGES } from './passkeys/messages';
import { PASSKEY_TEXTS } from './passkeys/screens';
import { STEP_UP_MESSAGES } from './stepUp/messages';
import { STEP_UP_TEXTS } from './stepUp/screens';
import { TAKEDOWN_REASON_LABELS, TAKEDOWN_REQUESTER_LABELS } from './takedown/labels';
import { TAKEDOWN_MAIL_TEXTS } from './takedown/mail';
import { TAKEDOWN_MESSAGES } from './takedown/messages';
import { TAKEDOWN_TEXTS, TRANSPARENCY_TEXTS } from './takedown/screens';
import { SAVES_MESSAGES } from './saves/messages';
import { SAVES_TEXTS } from './saves/screens';
import { SITE_TEXTS } from './site';
import { CONTENT_WARNING_COVER_TEXTS, CONTENT_WARNING_LABELS } from './contentWarnings/labels';
import { CONTENT_WARNING_MESSAGES } from './contentWarnings/messages';
import { CONTENT_WARNING_TEXTS } from './contentWarnings/screens';
import { GUARD_MESSAGES, GUARD_TEXTS } from './guard/messages';
import { CATEGORY_NAMES } from './taxonomy/categoryNames';
import { TAXONOMY_MESSAGES } from './taxonomy/messages';
import { TAXONOMY_TEXTS } from './taxonomy/screens';
import { FOLLOW_MESSAGES } from './follow/messages';
import { FOLLOW_TEXTS } from './follow/screens';
import { NEW_MEMBER_MESSAGES, NEW_MEMBER_TEXTS } from './newMember/messages';
import { EMAIL_CHANGE_MAIL_TEXTS, EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_TEXTS } from './emailChange/messages';

/** A domain's messages with its other parts beside them; a part named like one of the messages fails typecheck. */
function domain<M extends object, P extends object>(messages: M, parts: P & { [K in keyof P]: K extends keyof M ? never : P[K] }): M & P {
  return { ...messages, ...parts };
}

/**
 * Every user-facing Japanese text, by domain: `TEXTS.<domain>` holds the domain's messages (the
 * sentences its calls answer with and its screens alert), and each other part of the domain under its
 * own key (`TEXTS.report.form`, `TEXTS.account.screens`). For the server, scripts and tests.
 *
 * The UI never imports TEXTS (lint forbids it): it would put every word of every screen into the first
 * download. Screens import the module of the part they show (`REPORT_FORM_TEXTS`, `COMMON_TEXTS`), each
 * of which is one file under ./texts, so the bundler ships a part only with the screens that use it.
 * The long documents (terms, privacy policy, FAQ, glossary) are in ../content.
 */
export const TEXTS = {
  site: SITE_TEXTS,
  common: COMMON_TEXTS,
  shell: /* @__PURE__ */ domain(SHELL_TEXTS, { pageTitles: PAGE_TITLES }),
  landing: LANDING_TEXTS,
  account: /* @__PURE__ */ domain(ACCOUNT_MESSAGES, { screens: ACCOUNT_TEXTS, tutorialSlides: TUTORIAL_SLIDES, mail: ACCOUNT_MAIL_TEXTS }),
  profile: /* @__PURE__ */ domain(PROFILE_MESSAGES, { screens: PROFILE_TEXTS }),
  image: /* @__PURE__ */ domain(IMAGE_MESSAGES, { attestation: IMAGE_ATTESTATION_TEXTS, sensitive: SENSITIVE_IMAGE_TEXTS }),
  report: /* @__PURE__ */ domain(REPORT_MESSAGES, {
    fieldLabels: REPORT_FIELD_LABELS,
    list: REPORT_LIST_TEXTS,
    card: REPORT_CARD_TEXTS,
    detail: REPORT_DETAIL_TEXTS,
    form: REPORT_FORM_TEXTS,
  }),
  like: LIKE_MESSAGES,
  autosave: AUTOSAVE_TEXTS,
  comment: /* @__PURE__ */ domain(COMMENT_MESSAGES, { screens: COMMENT_TEXTS }),
  taxonomy: /* @__PURE__ */ domain(TAXONOMY_MESSAGES, { screens: TAXONOMY_TEXTS, categoryNames: CATEGORY_NAMES }),
  search: /* @__PURE__ */ domain(SEARCH_MESSAGES, { screens: SEARCH_TEXTS }),
  contact: /* @__PURE__ */ domain(CONTACT_MESSAGES, { screens: CONTACT_TEXTS, categoryLabels: CONTACT_CATEGORY_LABELS, mail: CONTACT_MAIL_TEXTS }),
  analytics: ANALYTICS_MESSAGES,
  moderation: /* @__PURE__ */ domain(MODERATION_MESSAGES, { screens: MODERATION_TEXTS, auditActionLabels: AUDIT_ACTION_LABELS, cases: CASE_MESSAGES, rules: DECISION_RULE_MESSAGES }),
  flag: /* @__PURE__ */ domain(FLAG_MESSAGES, { categories: FLAG_CATEGORY_TEXTS, mail: DECISION_MAIL_TEXTS, screens: FLAG_TEXTS }),
  desktop: /* @__PURE__ */ domain(DESKTOP_MESSAGES, { screens: DESKTOP_TEXTS }),
  settings: { screens: SETTINGS_TEXTS },
  notification: /* @__PURE__ */ domain(NOTIFICATION_MESSAGES, { screens: NOTIFICATION_TEXTS, lines: NOTIFICATION_LINES, mail: NOTIFICATION_MAIL_TEXTS }),
  safety: /* @__PURE__ */ domain(SAFETY_MESSAGES, { screens: SAFETY_TEXTS }),
  takedown: /* @__PURE__ */ domain(TAKEDOWN_MESSAGES, { screens: TAKEDOWN_TEXTS, transparency: TRANSPARENCY_TEXTS, reasons: TAKEDOWN_REASON_LABELS, requesters: TAKEDOWN_REQUESTER_LABELS, mail: TAKEDOWN_MAIL_TEXTS }),
  contentWarnings: /* @__PURE__ */ domain(CONTENT_WARNING_MESSAGES, { labels: CONTENT_WARNING_LABELS, cover: CONTENT_WARNING_COVER_TEXTS, screens: CONTENT_WARNING_TEXTS }),
  follow: /* @__PURE__ */ domain(FOLLOW_MESSAGES, { screens: FOLLOW_TEXTS }),
  security: /* @__PURE__ */ domain(SECURITY_MESSAGES, { screens: SECURITY_TEXTS, mail: SECURITY_MAIL_TEXTS, browsers: BROWSER_LABELS, systems: SYSTEM_LABELS }),
  passkeys: /* @__PURE__ */ domain(PASSKEY_MESSAGES, { screens: PASSKEY_TEXTS }),
  stepUp: /* @__PURE__ */ domain(STEP_UP_MESSAGES, { screens: STEP_UP_TEXTS }),
  saves: /* @__PURE__ */ domain(SAVES_MESSAGES, { screens: SAVES_TEXTS }),
  guard: /* @__PURE__ */ domain(GUARD_MESSAGES, { screens: GUARD_TEXTS }),
  newMember: /* @__PURE__ */ domain(NEW_MEMBER_MESSAGES, { screens: NEW_MEMBER_TEXTS }),
  emailChange: /* @__PURE__ */ domain(EMAIL_CHANGE_MESSAGES, { screens: EMAIL_CHANGE_TEXTS, mail: EMAIL_CHANGE_MAIL_TEXTS }),
} as const;
