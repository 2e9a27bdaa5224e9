import { REPORT_TEXTS_CARD } from './reportTexts/card';
import { REPORT_TEXTS_LIST } from './reportTexts/list';
import { REPORT_TEXTS_DETAIL } from './reportTexts/detail';
import { REPORT_TEXTS_COMMENTS } from './reportTexts/comments';
import { REPORT_TEXTS_FORM } from './reportTexts/form';

export { REPORT_TEXTS_CARD, REPORT_TEXTS_LIST, REPORT_TEXTS_DETAIL, REPORT_TEXTS_COMMENTS, REPORT_TEXTS_FORM };

/**
 * Words of the report screens (form, list, card, detail, likes, comments) that are not messages:
 * labels, buttons, placeholders and headings. One module per screen part under ./reportTexts/, so the
 * list page's first download does not carry the form's and the detail page's words.
 */
export const REPORT_TEXTS = {
  card: REPORT_TEXTS_CARD,
  list: REPORT_TEXTS_LIST,
  detail: REPORT_TEXTS_DETAIL,
  comments: REPORT_TEXTS_COMMENTS,
  form: REPORT_TEXTS_FORM,
} as const;
