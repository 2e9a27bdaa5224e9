import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMMON_TEXTS,
  LIMITS,
  TAKEDOWN_MESSAGES,
  TAKEDOWN_REASON_LABELS,
  TAKEDOWN_REASONS,
  TAKEDOWN_REQUESTER_KINDS,
  TAKEDOWN_REQUESTER_LABELS,
  TAKEDOWN_TEXTS,
  TRUST_PATHS,
  takedownRequestSchema,
  takedownRequestSchemaFor,
} from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, guardSubmit, schemaCheck, SubmitButton, TextAreaField, TextField, useSchemaForm } from '../components/forms';
import { SelectField } from '../components/forms/SelectField';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';

const t = TAKEDOWN_TEXTS;
type Values = { contentUrl: string; requesterKind: string; reason: string; description: string; email: string };
const FIELD_ORDER = ['contentUrl', 'requesterKind', 'reason', 'description', 'email'] as const;
const EMPTY: Values = { contentUrl: '', requesterKind: '', reason: '', description: '', email: '' };
const checkFormat = schemaCheck<Values>(takedownRequestSchema);

/**
 * /takedown-request (削除依頼, issue 21): for anyone, signed in or not. Sent, it asks the person to open
 * the link mailed to them; only then does the request reach the operators.
 */
export function TakedownRequestPage() {
  const { call } = useApi();
  // Whose pages the address must name; until the server has said, the format alone is checked
  // here and the server refuses another site's address at the field all the same.
  const siteOrigin = useEndpointQuery('site.config', undefined, { staleTime: 300_000 }).data?.siteOrigin;
  const check = useMemo(() => (siteOrigin ? schemaCheck<Values>(takedownRequestSchemaFor(siteOrigin)) : checkFormat), [siteOrigin]);
  const { formRef, values, errors, setField: set, submitWith, showFieldErrors } = useSchemaForm<Values>({ defaultValues: EMPTY, check, order: FIELD_ORDER, clearErrorOnChange: true });
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (body: Values) => call('takedown.create', { body: takedownRequestSchema.parse(body) }) });

  const submit = async (checked: Values) => {
    try {
      setDone((await send.mutateAsync(checked)).message);
    } catch (error) {
      if (isApiError(error)) showFieldErrors(error.fields);
      setFormError(errorMessage(error, COMMON_TEXTS.genericError));
    }
  };

  if (done) {
    return (
      <div className="page page--narrow takedown-page">
        <PageTitle page={t.title} />
        <h1 className="page__title">{t.doneHeading}</h1>
        <p role="status">{done}</p>
        <p>
          <Link to={TRUST_PATHS.removalGuidelines}>{t.guidelinesLink}</Link>
        </p>
      </div>
    );
  }

  const busy = send.isPending;
  return (
    <div className="page page--narrow takedown-page">
      <PageTitle page={t.title} />
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      <p>{t.privacy}</p>
      <p>
        <Link to={TRUST_PATHS.removalGuidelines}>{t.guidelinesLink}</Link>
      </p>
      <p>{t.otherSites}</p>
      <p>
        <Link to={TRUST_PATHS.reportIllegalContent}>{t.otherSitesLink}</Link>
      </p>
      <form ref={formRef} className="form account-card" noValidate onSubmit={guardSubmit(submitWith(submit), send.isPending, () => setFormError(null))}>
        <FormAlert message={formError} />
        <TextField label={t.urlLabel} name="contentUrl" type="text" required maxLength={LIMITS.takedownUrlMax} hint={t.urlHint} value={values.contentUrl} onChange={(v) => set('contentUrl', v)} error={errors.contentUrl} disabled={busy} />
        <SelectField
          label={t.requesterLabel}
          name="requesterKind"
          required
          placeholder={COMMON_TEXTS.choose}
          options={TAKEDOWN_REQUESTER_KINDS.map((kind) => ({ value: kind, label: TAKEDOWN_REQUESTER_LABELS[kind] }))}
          value={values.requesterKind}
          onChange={(v) => set('requesterKind', v)}
          error={errors.requesterKind}
          disabled={busy}
        />
        <SelectField
          label={t.reasonLabel}
          name="reason"
          required
          placeholder={COMMON_TEXTS.choose}
          options={TAKEDOWN_REASONS.map((reason) => ({ value: reason, label: TAKEDOWN_REASON_LABELS[reason] }))}
          value={values.reason}
          onChange={(v) => set('reason', v)}
          error={errors.reason}
          disabled={busy}
        />
        <TextAreaField
          label={t.descriptionLabel}
          name="description"
          required
          maxLength={LIMITS.takedownDescriptionMax}
          value={values.description}
          onChange={(v) => set('description', v)}
          hint={t.descriptionHint}
          error={errors.description}
          disabled={busy}
        />
        <TextField label={t.emailLabel} name="email" type="email" required autoComplete="email" hint={t.emailHint} value={values.email} onChange={(v) => set('email', v)} error={errors.email} disabled={busy} />
        <SubmitButton busy={busy}>{t.submit}</SubmitButton>
      </form>
    </div>
  );
}

/** /takedown-request/confirm?token=: the link of the confirmation mail; the request then reaches the operators. */
export function TakedownConfirmPage() {
  const { call } = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: (value: string) => call('takedown.confirm', { query: { token: value } }) });
  const { mutate } = confirm;
  // Once per token, even when React runs effects twice: a confirmed link answers "already confirmed".
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (handled.current === token) return;
    handled.current = token;
    mutate(token);
  }, [token, mutate]);
  return (
    <div className="page page--narrow takedown-page">
      <PageTitle page={t.confirmTitle} />
      <h1 className="page__title">{t.confirmTitle}</h1>
      <div role="status">
        {confirm.isPending || confirm.isIdle ? <p>{TAKEDOWN_MESSAGES.confirming}</p> : null}
        {confirm.isSuccess ? <p>{confirm.data.message}</p> : null}
      </div>
      {confirm.isError ? <FormAlert message={errorMessage(confirm.error, TAKEDOWN_MESSAGES.confirmInvalid)} /> : null}
      <p>
        <Link to="/">{t.toTop}</Link>
      </p>
    </div>
  );
}
