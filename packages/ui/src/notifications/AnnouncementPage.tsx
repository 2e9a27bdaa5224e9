import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { announcementInputSchema, NOTIFICATION_LIMITS, NOTIFICATION_TEXTS, type AnnouncementInput } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, messagesOf, schemaResolver, SubmitButton } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { OperatorGate } from '../moderation/OperatorGate';

const t = NOTIFICATION_TEXTS;

const resolver = schemaResolver<AnnouncementInput>(announcementInputSchema);

/** /moderation/announcements: an operators' announcement to every member (web operator screens and the desktop app). */
export function AnnouncementPage() {
  const { call } = useApi();
  const id = useId();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<AnnouncementInput>({ resolver, defaultValues: { title: '', body: '' }, reValidateMode: 'onSubmit' });
  const send = useMutation({
    mutationFn: (values: AnnouncementInput) => call('announcements.create', { body: values }),
    onSuccess: ({ message }) => {
      setStatus(message);
      reset({ title: '', body: '' });
    },
  });
  const errors = messagesOf(formState.errors);
  return (
    <OperatorGate page={t.announcementTitle}>
      <div className="page page--narrow">
        <PageTitle page={t.announcementTitle} />
        <h1 className="page__title">{t.announcementTitle}</h1>
        <p className="page__lead">{t.announcementLead}</p>
        <form
          noValidate
          onSubmit={(event) => {
            setStatus(null);
            void handleSubmit((values) => send.mutate(values))(event);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-title`} className="field__label">
              {t.announcementTitleLabel}
            </label>
            <input id={`${id}-title`} className="field__input" maxLength={NOTIFICATION_LIMITS.announcementTitleMax} aria-invalid={Boolean(errors.title)} {...register('title')} />
            {errors.title && <p className="field__error">{errors.title}</p>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-body`} className="field__label">
              {t.announcementBodyLabel}
            </label>
            <textarea id={`${id}-body`} className="field__input" rows={6} maxLength={NOTIFICATION_LIMITS.announcementBodyMax} aria-invalid={Boolean(errors.body)} {...register('body')} />
            {errors.body && <p className="field__error">{errors.body}</p>}
          </div>
          <FormAlert message={send.isError ? errorMessage(send.error, t.loadFailed) : null} />
          <FormStatus message={status} />
          <SubmitButton busy={send.isPending}>{t.announcementSend}</SubmitButton>
        </form>
      </div>
    </OperatorGate>
  );
}
