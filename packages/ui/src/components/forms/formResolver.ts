import type { FieldValues, FieldErrors as HookFieldErrors, Resolver } from 'react-hook-form';
import { fieldErrorsFromIssues, hasErrors, type FieldErrors } from './fieldErrors';

/**
 * A react-hook-form resolver from a check that gives one message per top-level field (a shared zod schema
 * read through `fieldErrorsFromIssues`), so each field shows the same message as the server would send.
 */
export function messagesResolver<T extends FieldValues>(check: (values: T) => FieldErrors): Resolver<T> {
  return (values) => {
    const found = check(values);
    if (!hasErrors(found)) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(found)) if (message) errors[name] = { type: 'schema', message };
    return { values: {}, errors: errors as HookFieldErrors<T> };
  };
}

/** What schemaResolver needs of a shared zod schema. */
interface CheckingSchema {
  safeParse(values: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/** The resolver of a form whose values are exactly a shared schema's input: each field gets the schema's (the server's) message. */
export function schemaResolver<T extends FieldValues>(schema: CheckingSchema): Resolver<T> {
  return messagesResolver<T>((values) => {
    const checked = schema.safeParse(values);
    return checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
  });
}

/** The message of each field that has one, in the order the check reported them. */
export function messagesOf(errors: HookFieldErrors): FieldErrors {
  const result: FieldErrors = {};
  for (const [name, error] of Object.entries(errors)) {
    if (typeof error?.message === 'string' && error.message) result[name] = error.message;
  }
  return result;
}
