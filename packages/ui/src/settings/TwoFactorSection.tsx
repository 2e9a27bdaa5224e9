import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { disableTwoFactorSchema, enableTwoFactorSchema, SECURITY_TEXTS, type TwoFactorSetup } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { fieldErrorsFromIssues, focusFirstError, FormAlert, FormStatus, messagesOf, messagesResolver, SubmitButton, TextField, type FieldErrors } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useSession } from '../session/SessionContext';
import { SettingsSection } from './SettingsSection';

const t = SECURITY_TEXTS.twoFactor;

/** Server field messages onto the form, the rest above it; answers the message for the form's alert. */
function useServerErrors<V extends Record<string, string>>(setError: (name: keyof V & string, error: { type: string; message: string }) => void, fields: readonly (keyof V & string)[]) {
  return (error: unknown, fallback: string): string | null => {
    const found: FieldErrors = isApiError(error) ? (error.fields ?? {}) : {};
    let shown = false;
    for (const name of fields) {
      const text = found[name];
      if (text) {
        setError(name, { type: 'server', message: text });
        shown = true;
      }
    }
    const message = errorMessage(error, fallback);
    return shown && Object.values(found).includes(message) ? null : message;
  };
}

/** 設定 › 二段階認証 (issue 21): set-up with a QR code and the recovery codes, or turning it off. */
export function TwoFactorSection() {
  const { user } = useSession();
  const status = useEndpointQuery('twoFactor.status');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <SettingsSection title={t.heading}>
      <div id="two-factor">
        <p>{t.lead}</p>
        {user?.role === 'operator' && !user.twoFactor && <p className="form-info">{t.operatorRequired}</p>}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.data?.enabled ? (
          <>
            <p>
              {t.enabledState} {t.recoveryLeft(status.data.recoveryCodesLeft)}
            </p>
            <DisableForm />
          </>
        ) : status.data ? (
          <>
            <p>{t.disabledState}</p>
            <SetUp onEnabled={setRecoveryCodes} />
          </>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const { user, signIn } = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const start = useMutation({ mutationFn: () => call('twoFactor.setup') });
  const resolver = useMemo(
    () =>
      messagesResolver((values: { code: string }) => {
        const parsed = enableTwoFactorSchema.safeParse(values);
        return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      }),
    [],
  );
  const { control, handleSubmit, setValue, clearErrors, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' }, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const code = useWatch({ control, name: 'code' });
  const serverErrors = useServerErrors<{ code: string }>(setError, ['code']);
  const enable = useMutation({
    mutationFn: (value: string) => call('twoFactor.enable', { body: { code: value } }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('twoFactor.status') });
      if (user) signIn({ ...user, twoFactor: true });
      onEnabled(answer.recoveryCodes);
    },
  });

  const begin = async () => {
    setFormError(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (error) {
      setFormError(errorMessage(error, t.start));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (enable.isPending) {
      event.preventDefault();
      return;
    }
    setFormError(null);
    void handleSubmit(
      async ({ code: value }) => {
        try {
          await enable.mutateAsync(value.trim());
        } catch (error) {
          setFormError(serverErrors(error, t.enable));
          focusFirstError(formRef.current, messagesOf(formState.errors), ['code']);
        }
      },
      (found) => focusFirstError(formRef.current, messagesOf(found), ['code']),
    )(event);
  };

  if (!setup) {
    return (
      <>
        <FormAlert message={formError} />
        <button type="button" className="button" onClick={() => void begin()} disabled={start.isPending}>
          {t.start}
        </button>
      </>
    );
  }
  return (
    <div className="two-factor-setup">
      <p>{t.scanLead}</p>
      <img className="two-factor-setup__qr" src={setup.qrCodeDataUrl} alt={t.qrAlt} width={200} height={200} />
      <p>
        {t.secretLabel}: <code className="two-factor-setup__secret" data-testid="totp-secret">{setup.setupKey}</code>
      </p>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          label={t.codeLabel}
          name="code"
          autoComplete="one-time-code"
          required
          maxLength={32}
          value={code}
          onChange={(value) => {
            setValue('code', value);
            clearErrors('code');
          }}
          error={messagesOf(formState.errors).code}
        />
        <SubmitButton busy={enable.isPending}>{t.enable}</SubmitButton>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="two-factor-recovery" role="region" aria-label={t.recoveryHeading}>
      <FormStatus message={SECURITY_TEXTS.twoFactor.enabledState} />
      <h3>{t.recoveryHeading}</h3>
      <p>{t.recoveryLead}</p>
      <ul className="two-factor-recovery__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onDone}>
        {t.recoveryDone}
      </button>
    </div>
  );
}

type DisableValues = { password: string; code: string };

function DisableForm() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const { user, signIn } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      messagesResolver((values: DisableValues) => {
        const parsed = disableTwoFactorSchema.safeParse(values);
        return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      }),
    [],
  );
  const { control, handleSubmit, setValue, clearErrors, setError, formState, reset } = useForm<DisableValues>({
    defaultValues: { password: '', code: '' },
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as DisableValues;
  const serverErrors = useServerErrors<DisableValues>(setError, ['password', 'code']);
  const disable = useMutation({
    mutationFn: (body: DisableValues) => call('twoFactor.disable', { body }),
    onSuccess: () => {
      reset();
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('twoFactor.status') });
      if (user) signIn({ ...user, twoFactor: false });
    },
  });
  const errors = messagesOf(formState.errors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (disable.isPending) {
      event.preventDefault();
      return;
    }
    setFormError(null);
    void handleSubmit(
      async (checked) => {
        try {
          await disable.mutateAsync({ password: checked.password, code: checked.code.trim() });
        } catch (error) {
          setFormError(serverErrors(error, t.disable));
        }
      },
      (found) => focusFirstError(formRef.current, messagesOf(found), ['password', 'code']),
    )(event);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="two-factor-disable-heading">
      <h3 id="two-factor-disable-heading">{t.disableHeading}</h3>
      <p>{t.disableLead}</p>
      <FormAlert message={formError} />
      <TextField
        label={t.passwordLabel}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(value) => {
          setValue('password', value);
          clearErrors('password');
        }}
        error={errors.password}
      />
      <TextField
        label={SECURITY_TEXTS.loginCode.label}
        name="code"
        autoComplete="one-time-code"
        required
        maxLength={32}
        value={values.code}
        onChange={(value) => {
          setValue('code', value);
          clearErrors('code');
        }}
        error={errors.code}
      />
      <SubmitButton busy={disable.isPending} variant="danger">
        {t.disable}
      </SubmitButton>
    </form>
  );
}
