/** Field name to its Japanese message; one message per field, the first that applies. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Turns the issues of a failed zod parse into per-field messages, keeping the first one per field. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * Moves focus to the first field in `order` that has an error, so a keyboard or screen-reader user
 * lands on the problem and hears its message (linked with aria-describedby).
 */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors, order: readonly string[]): void {
  const first = order.find((name) => errors[name]);
  if (!first || !form) return;
  const element = form.elements.namedItem(first);
  // A radio group answers with all its choices: the first one takes the focus.
  const target = typeof RadioNodeList !== 'undefined' && element instanceof RadioNodeList ? element[0] : element;
  if (target instanceof HTMLElement) target.focus();
}
