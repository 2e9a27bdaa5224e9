import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_MESSAGES, loginCodeSchema, SECURITY_TEXTS, type LoginResponse } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, guardSubmit, OneTimeCodeField, schemaCheck, SubmitButton, useSchemaForm } from '../components/forms';

const t = SECURITY_TEXTS.loginCode;
type Values = { code: string };
const FIELD_ORDER = ['code'] as const;
const check = schemaCheck<Values>(loginCodeSchema);

/**
 * The login's second step: the code from the authenticator app or a recovery code. The password
 * step left a short-lived signed cookie; when it has run out (401) the member starts over.
 */
export function LoginCodeStep({ onSignedIn, onStartOver }: { onSignedIn: (response: LoginResponse) => void; onStartOver: () => void }) {
  const { auth } = useApi();
  const { formRef, values, errors, setField, submitWith, showFieldErrors } = useSchemaForm<Values>({ defaultValues: { code: '' }, check, order: FIELD_ORDER, clearErrorOnChange: true });
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (value: string) => auth.loginCode(value) });

  const submit = async ({ code }: Values) => {
    try {
      onSignedIn(await send.mutateAsync(code.trim()));
    } catch (error) {
      if (!(isApiError(error) && showFieldErrors(error.fields))) setFormError(errorMessage(error, ACCOUNT_MESSAGES.loginFailed));
    }
  };

  return (
    <section aria-labelledby="login-code-heading">
      <h2 id="login-code-heading">{t.heading}</h2>
      <p>{t.lead}</p>
      <form ref={formRef} className="form" noValidate onSubmit={guardSubmit(submitWith(submit), send.isPending, () => setFormError(null))}>
        <FormAlert message={formError} />
        <OneTimeCodeField label={t.label} hint={t.hint} value={values.code ?? ''} onChange={(value) => setField('code', value)} error={errors.code} />
        <SubmitButton busy={send.isPending}>{t.submit}</SubmitButton>
      </form>
      <p>
        <button type="button" className="link-button" onClick={onStartOver}>
          {t.startOver}
        </button>
      </p>
    </section>
  );
}
