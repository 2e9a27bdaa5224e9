import { useCallback, useMemo, useRef, type FormEvent, type RefObject } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { fieldErrorsFromIssues, focusFirstError, type FieldErrors } from './fieldErrors';
import { messagesOf, messagesResolver } from './formResolver';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A field check from a shared zod schema: the server's own messages, one per field. */
export function schemaCheck<T>(schema: { safeParse(values: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } } }) {
  return (values: T): FieldErrors => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  };
}

/**
 * A form's onSubmit that does nothing while `blocked` (a send already on its way), else runs `before`
 * (clearing the last failure) and then `submit`.
 */
export function guardSubmit(submit: (event: FormEvent<HTMLFormElement>) => void, blocked: boolean, before?: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (blocked) {
      event.preventDefault();
      return;
    }
    before?.();
    submit(event);
  };
}

export interface SchemaFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** Usually schemaCheck(theSharedSchema), sometimes with a screen's own additions. */
  check: (values: T) => FieldErrors;
  /** Field names in the order they stand, for moving focus to the first one with a message. */
  order: readonly string[];
  /** A field's message goes as soon as it is edited (otherwise it stays until the next submit). */
  clearErrorOnChange?: boolean;
}

export interface SchemaForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  formRef: RefObject<HTMLFormElement | null>;
  values: T;
  /** The message of each field that has one. */
  errors: FieldErrors;
  setField<N extends Path<T>>(name: N, value: PathValue<T, N>): void;
  /** The form's onSubmit: checks with `check`, focuses the first field with a message, else calls `send`. */
  submitWith(send: (values: T) => unknown): (event: FormEvent<HTMLFormElement>) => void;
  /** Shows the server's messages next to their fields and focuses the first (unless told not to); true when any was shown. */
  showFieldErrors(fields: FieldErrors | undefined, options?: { focus?: boolean }): boolean;
}

/**
 * The one form idiom: react-hook-form holding the values, the shared zod schema judging them (so a form
 * shows the very messages the server would send), messages shown after a submit and focus moved to the
 * first field that has one. Writes go through the screen's useMutation hook.
 */
export function useSchemaForm<T extends FieldValues>({ defaultValues, check, order, clearErrorOnChange = false }: SchemaFormOptions<T>): SchemaForm<T> {
  const formRef = useRef<HTMLFormElement>(null);
  const checkRef = useRef(check);
  checkRef.current = check;
  const resolver = useMemo(() => messagesResolver<T>((values) => checkRef.current(values)), []);
  const form = useForm<T>({ defaultValues, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { setValue, clearErrors, setError, handleSubmit } = form;
  const values = useWatch({ control: form.control }) as T;
  const errors = messagesOf(form.formState.errors);

  const setField = useCallback(
    <N extends Path<T>>(name: N, value: PathValue<T, N>) => {
      setValue(name, value);
      if (clearErrorOnChange) clearErrors(name);
    },
    [setValue, clearErrors, clearErrorOnChange],
  );

  const submitWith = useCallback(
    (send: (values: T) => unknown) => (event: FormEvent<HTMLFormElement>) =>
      void handleSubmit(
        async (checked) => {
          await send(checked);
        },
        (found) => focusFirstError(formRef.current, messagesOf(found), order),
      )(event),
    [handleSubmit, order],
  );

  const showFieldErrors = useCallback(
    (fields: FieldErrors | undefined, { focus = true }: { focus?: boolean } = {}) => {
      let shown = false;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (!message || !order.includes(name)) continue;
        setError(name as Path<T>, { type: 'server', message });
        shown = true;
      }
      if (shown && focus) focusFirstError(formRef.current, fields ?? {}, order);
      return shown;
    },
    [setError, order],
  );

  return { form, formRef, values, errors, setField, submitWith, showFieldErrors };
}
