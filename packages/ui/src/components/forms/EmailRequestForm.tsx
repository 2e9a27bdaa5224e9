import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_TEXTS, emailSchema, LIMITS } from '@hiraku/shared';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

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
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      const input = formRef.current?.elements.namedItem('email');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await send(parsed.data);
    } finally {
      if (formRef.current) setBusy(false);
    }
  };

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
        value={email}
        onChange={setEmail}
        error={fieldError}
      />
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
