import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { disableTwoFactorSchema, enableTwoFactorSchema, SECURITY_TEXTS, type TwoFactorSetup, isOperatorRole } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, guardSubmit, OneTimeCodeField, schemaCheck, SubmitButton, TextField, useSchemaForm } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useSession } from '../session/SessionContext';
import { isStepUpCancelled, useStepUp } from '../stepUp/useStepUp';
import { SettingsSection } from './SettingsSection';

const t = SECURITY_TEXTS.twoFactor;

/** 設定 › 二段階認証: set-up with a QR code and the recovery codes, or turning it off. */
export function TwoFactorSection() {
  const { user } = useSession();
  const status = useEndpointQuery('twoFactor.status');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <SettingsSection title={t.heading}>
      <div id="two-factor">
        <p>{t.lead}</p>
        {isOperatorRole(user?.role) && !user?.twoFactor && <p className="form-info">{t.operatorRequired}</p>}
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

type CodeValues = { code: string };
const CODE_ORDER = ['code'] as const;
const checkEnable = schemaCheck<CodeValues>(enableTwoFactorSchema);

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const { user, signIn } = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const start = useMutation({ mutationFn: () => call('twoFactor.setup') });
  const { formRef, values, errors, setField, submitWith, showFieldErrors } = useSchemaForm<CodeValues>({ defaultValues: { code: '' }, check: checkEnable, order: CODE_ORDER, clearErrorOnChange: true });
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

  const send = async ({ code }: CodeValues) => {
    try {
      await enable.mutateAsync(code.trim());
    } catch (error) {
      if (!(isApiError(error) && showFieldErrors(error.fields))) setFormError(errorMessage(error, t.enable));
    }
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
      <form ref={formRef} className="form" noValidate onSubmit={guardSubmit(submitWith(send), enable.isPending, () => setFormError(null))}>
        <FormAlert message={formError} />
        <OneTimeCodeField label={t.codeLabel} value={values.code ?? ''} onChange={(value) => setField('code', value)} error={errors.code} />
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
const DISABLE_ORDER = ['password', 'code'] as const;
const checkDisable = schemaCheck<DisableValues>(disableTwoFactorSchema);

function DisableForm() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const { user, signIn } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const { form, formRef, values, errors, setField, submitWith, showFieldErrors } = useSchemaForm<DisableValues>({
    defaultValues: { password: '', code: '' },
    check: checkDisable,
    order: DISABLE_ORDER,
    clearErrorOnChange: true,
  });
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const disable = useMutation({
    mutationFn: (body: DisableValues) => call('twoFactor.disable', { body }),
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('twoFactor.status') });
      if (user) signIn({ ...user, twoFactor: false });
    },
  });

  const send = async (checked: DisableValues) => {
    try {
      // Turning it off asks for a recent proof of identity too: the step-up dialog, then again.
      await withStepUp(() => disable.mutateAsync({ password: checked.password, code: checked.code.trim() }));
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      if (!(isApiError(error) && showFieldErrors(error.fields))) setFormError(errorMessage(error, t.disable));
    }
  };

  return (
    <>
      <form ref={formRef} className="form" noValidate onSubmit={guardSubmit(submitWith(send), disable.isPending, () => setFormError(null))} aria-labelledby="two-factor-disable-heading">
        <h3 id="two-factor-disable-heading">{t.disableHeading}</h3>
        <p>{t.disableLead}</p>
        <FormAlert message={formError} />
        <TextField
          label={t.passwordLabel}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password ?? ''}
          onChange={(value) => setField('password', value)}
          error={errors.password}
        />
        <OneTimeCodeField label={SECURITY_TEXTS.loginCode.label} value={values.code ?? ''} onChange={(value) => setField('code', value)} error={errors.code} />
        <SubmitButton busy={disable.isPending} variant="danger">
          {t.disable}
        </SubmitButton>
      </form>
      {stepUpDialog}
    </>
  );
}
