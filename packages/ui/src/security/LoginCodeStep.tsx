import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ACCOUNT_MESSAGES, loginCodeSchema, SECURITY_TEXTS, type LoginResponse } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { fieldErrorsFromIssues, focusFirstError, FormAlert, messagesOf, messagesResolver, SubmitButton, TextField } from '../components/forms';

const t = SECURITY_TEXTS.loginCode;
const FIELD_ORDER = ['code'] as const;
type Values = { code: string };
const check = (values: Values) => {
  const parsed = loginCodeSchema.safeParse(values);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
};

/**
 * The login's second step (issue 21): the code from the authenticator app or a recovery code. The password
 * step left a short-lived signed cookie; when it has run out (401) the member starts over.
 */
export function LoginCodeStep({ onSignedIn, onStartOver }: { onSignedIn: (response: LoginResponse) => void; onStartOver: () => void }) {
  const { auth } = useApi();
  const formRef = useRef<HTMLFormElement>(null);
  const resolver = useMemo(() => messagesResolver(check), []);
  const { control, handleSubmit, setValue, clearErrors, setError, formState } = useForm<Values>({ defaultValues: { code: '' }, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const code = useWatch({ control, name: 'code' });
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (value: string) => auth.loginCode(value) });

  const submit = async ({ code: value }: Values) => {
    setFormError(null);
    try {
      onSignedIn(await send.mutateAsync(value.trim()));
    } catch (error) {
      const message = errorMessage(error, ACCOUNT_MESSAGES.loginFailed);
      const fieldMessage = isApiError(error) ? error.fields?.code : undefined;
      if (fieldMessage) {
        setError('code', { type: 'server', message: fieldMessage });
        focusFirstError(formRef.current, { code: fieldMessage }, FIELD_ORDER);
      } else {
        setFormError(message);
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (send.isPending) {
      event.preventDefault();
      return;
    }
    void handleSubmit(submit, (found) => focusFirstError(formRef.current, messagesOf(found), FIELD_ORDER))(event);
  };

  return (
    <section aria-labelledby="login-code-heading">
      <h2 id="login-code-heading">{t.heading}</h2>
      <p>{t.lead}</p>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          label={t.label}
          name="code"
          autoComplete="one-time-code"
          required
          maxLength={32}
          hint={t.hint}
          value={code}
          onChange={(value) => {
            setValue('code', value);
            clearErrors('code');
          }}
          error={messagesOf(formState.errors).code}
        />
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
