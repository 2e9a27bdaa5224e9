import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { appealInputSchema, FLAG_CATEGORY_TEXTS, FLAG_TEXTS, formatDateTimeJa, parseRouteId, type MemberDecision } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, schemaCheck, useSchemaForm } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';

const t = FLAG_TEXTS;

/** /decisions/{caseId}: a decision about the member's own content (the notice mail links here), and the appeal form. */
export function DecisionPage() {
  const { caseId: raw = '' } = useParams();
  const caseId = parseRouteId(raw) ?? 0;
  const decision = useEndpointQuery('decisions.get', { params: { caseId } }, { enabled: caseId > 0 });
  return (
    <div className="page page--narrow">
      <PageTitle page={t.decisionPageTitle} />
      <h1 className="page__title">{t.decisionPageTitle}</h1>
      {decision.isError && <FormAlert message={errorMessage(decision.error, t.loadFailed)} />}
      {decision.data && <DecisionView decision={decision.data} />}
    </div>
  );
}

function DecisionView({ decision }: { decision: MemberDecision }) {
  // Said here, not in the form: the form leaves the page once the appeal is filed.
  const [filed, setFiled] = useState<string | null>(null);
  return (
    <>
      <dl className="decision">
        <div>
          <dt>{t.target}</dt>
          <dd>{decision.target.path ? <Link to={decision.target.path}>{decision.target.title ?? t.targetNames[decision.target.type]}</Link> : (decision.target.title ?? t.targetNames[decision.target.type])}</dd>
        </div>
        <div>
          <dt>{t.category}</dt>
          <dd>{FLAG_CATEGORY_TEXTS[decision.category].label}</dd>
        </div>
        <div>
          <dt>{t.action}</dt>
          <dd>{t.actions[decision.action]}</dd>
        </div>
        <div>
          <dt>{t.reason}</dt>
          <dd>{decision.reason}</dd>
        </div>
        <div>
          <dt>{t.decidedAt}</dt>
          <dd>{formatDateTimeJa(decision.decidedAt)}</dd>
        </div>
        {decision.appealUntil && (
          <div>
            <dt>{t.appealUntil}</dt>
            <dd>{formatDateTimeJa(decision.appealUntil)}</dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="appeal-heading">
        <h2 id="appeal-heading">{t.appealHeading}</h2>
        <FormStatus message={filed} />
        {decision.appeal ? (
          <>
            <p>{t.appealFiled(formatDateTimeJa(decision.appeal.filedAt))}</p>
            <p>{decision.appeal.outcome ? `${t.appealOutcome}: ${t.actions[decision.appeal.outcome]}` : t.appealPending}</p>
          </>
        ) : decision.canAppeal ? (
          <AppealForm caseId={decision.caseId} onFiled={setFiled} />
        ) : (
          <p>{t.appealClosed}</p>
        )}
      </section>
    </>
  );
}

function AppealForm({ caseId, onFiled }: { caseId: number; onFiled: (message: string) => void }) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const check = useMemo(() => {
    const schemaChecks = schemaCheck<{ caseId: number; text: string }>(appealInputSchema);
    return (values: { text: string }) => schemaChecks({ caseId, ...values });
  }, [caseId]);
  const { form, formRef, errors, submitWith } = useSchemaForm<{ text: string }>({ defaultValues: { text: '' }, check, order: ['text'] });
  const appeal = useMutation({
    mutationFn: (text: string) => call('appeals.create', { body: { caseId, text } }),
    onSuccess: (answer) => {
      onFiled(answer.message);
      queryClient.setQueryData(endpointQueryKey('decisions.get', { params: { caseId } }), answer.decision);
    },
  });
  const error = errors.text;
  return (
    <form ref={formRef} onSubmit={submitWith((values) => appeal.mutate(values.text))} noValidate>
      <p>{t.appealIntro}</p>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-text`} className="field__label">
          {t.appealLabel}
        </label>
        <textarea id={`${id}-text`} className="field__input" rows={5} {...form.register('text')} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
          {error ?? t.appealHint}
        </p>
      </div>
      <FormAlert message={appeal.isError ? errorMessage(appeal.error, t.loadFailed) : null} />
      <button type="submit" className="button button--primary" disabled={appeal.isPending}>
        {appeal.isPending ? t.appealSending : t.appealSubmit}
      </button>
    </form>
  );
}
