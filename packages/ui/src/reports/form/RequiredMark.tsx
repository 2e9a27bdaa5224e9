import { REPORT_FORM_TEXTS } from '@hiraku/shared';

/**
 * The ※ of docs/product.md §5; aria-required on the field (or, on a group of checkboxes, hidden words in its
 * legend) says the same to assistive technology.
 */
export function RequiredMark() {
  return (
    <span className="field__required report-form__required" aria-hidden="true">
      {REPORT_FORM_TEXTS.required}
    </span>
  );
}
