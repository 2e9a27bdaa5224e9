import { useState, type ReactNode } from 'react';
import { ACCOUNT_TEXTS, emailSchema, LIMITS } from '@hiraku/shared';
import type { FieldErrors } from './fieldErrors';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { guardSubmit, useSchemaForm } from './useSchemaForm';

interface EmailValues {
  email: string;
}

const ORDER = ['email'] as const;

function checkEmail({ email }: EmailValues): FieldErrors {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? {} : { email: parsed.error.issues[0]?.message };
}

/**
 * One e-mail field and a button: the resend-verification and forgot-password forms. `send` resolves
 * when the request is done and rejects with the text to show.
 */
export function EmailRequestForm({
  initialEmail = '',
  submitLabel,
  send,
  error,
  children,
}: {
  initialEmail?: string;
  submitLabel: string;
  send: (email: string) => Promise<void>;
  error: string | null;
  children?: ReactNode;
}) {
  const { formRef, values, errors, setField, submitWith } = useSchemaForm<EmailValues>({ defaultValues: { email: initialEmail }, check: checkEmail, order: ORDER });
  const [busy, setBusy] = useState(false);

  const submit = submitWith(async ({ email }) => {
    setBusy(true);
    try {
      await send(emailSchema.parse(email));
    } finally {
      if (formRef.current) setBusy(false);
    }
  });
  const onSubmit = guardSubmit(submit, busy);

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <FormAlert message={error} />
      {children}
      <TextField
        label={ACCOUNT_TEXTS.fields.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.emailMax}
        value={values.email}
        onChange={(value) => setField('email', value)}
        error={errors.email}
      />
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
