import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_TEXTS, CONTACT_MESSAGES, CONTACT_TEXTS, CONTACT_CATEGORY_LABELS, charLength, CONTACT_CATEGORIES, contactInputSchema, LIMITS, type ContactInput } from '@hiraku/shared';
import { isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createEndpointCaller } from '../api/endpointClient';
import { schemaCheck, SubmitButton, TextAreaField, TextField, guardSubmit, useSchemaForm } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = CONTACT_TEXTS;

/** docs/product.md §4: idle, sending, then success or error, each ending in a modal. */
type Phase = { name: 'idle' } | { name: 'sending' } | { name: 'success'; message: string } | { name: 'error'; message: string };

interface Values {
  category: string;
  name: string;
  email: string;
  content: string;
}

const EMPTY: Values = { category: '', name: '', email: '', content: '' };
const FIELD_ORDER: readonly (keyof Values)[] = ['category', 'name', 'email', 'content'];
const checkContact = schemaCheck<Values>(contactInputSchema);

/** The enquiry's write. */
function useSendEnquiry() {
  const { client } = useApi();
  const call = useMemo(() => createEndpointCaller(client), [client]);
  return useMutation({ mutationFn: (input: ContactInput) => call('contact.send', { body: input }) });
}

/**
 * /contact-form, for visitors and members alike: category (radio), optional name and e-mail, the content.
 * The server mails it to the support address and keeps a copy for the operators; after OK on success a
 * member goes to /reports (docs/product.md §2), a visitor to the top page; after an error they stay with
 * what they wrote.
 */
export function ContactFormPage() {
  const sendEnquiry = useSendEnquiry();
  const navigate = useNavigate();
  const { status } = useSession();
  // A field's message goes as soon as it is edited.
  const { formRef, values, errors, setField, submitWith, showFieldErrors } = useSchemaForm<Values>({
    defaultValues: EMPTY,
    check: checkContact,
    order: FIELD_ORDER,
    clearErrorOnChange: true,
  });
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const categoryErrorId = useId();
  const resultId = useId();

  const set = (name: keyof Values, value: string) => setField(name, value);

  const submit = submitWith(async (checked: Values) => {
    setPhase({ name: 'sending' });
    try {
      const answer = await sendEnquiry.mutateAsync(contactInputSchema.parse(checked));
      setPhase({ name: 'success', message: answer.message || CONTACT_MESSAGES.sent });
    } catch (error) {
      // A refused field is shown beside it as well; the modal carries the server's words when it gave some.
      if (isApiError(error)) showFieldErrors(error.fields, { focus: false });
      setPhase({ name: 'error', message: isApiError(error) && error.serverMessage ? error.serverMessage : CONTACT_MESSAGES.failed });
    }
  });
  const onSubmit = guardSubmit(submit, phase.name === 'sending');

  const closeResult = () => {
    if (phase.name === 'success') {
      // docs/product.md §2 returns to /reports; a visitor would only be stopped there by the login page.
      navigate(status === 'authenticated' ? PATHS.reports : PATHS.home);
      return;
    }
    setPhase({ name: 'idle' });
  };

  const busy = phase.name === 'sending';
  const length = charLength(values.content);
  return (
    <div className="page page--narrow contact-page">
      <PageTitle page={PAGE_TITLES.contactForm} />
      <h1 className="page__title">{PAGE_TITLES.contactForm}</h1>
      <p className="page__lead">{t.lead}</p>
      <form ref={formRef} className="form account-card" noValidate onSubmit={onSubmit}>
        <fieldset className={`field contact-page__categories${errors.category ? ' field--invalid' : ''}`} data-field="category" aria-describedby={errors.category ? categoryErrorId : undefined}>
          <legend className="field__label">
            {t.category}
            <span className="field__required" aria-hidden="true">
              {ACCOUNT_TEXTS.required}
            </span>
          </legend>
          {CONTACT_CATEGORIES.map((category) => (
            <label key={category} className="contact-page__choice">
              <input
                type="radio"
                name="category"
                value={category}
                checked={values.category === category}
                onChange={() => set('category', category)}
                required
                disabled={busy}
              />
              <span>{CONTACT_CATEGORY_LABELS[category]}</span>
            </label>
          ))}
          {errors.category && (
            <p id={categoryErrorId} className="field__error">
              {errors.category}
            </p>
          )}
        </fieldset>
        <TextField label={t.name} name="name" value={values.name} onChange={(v) => set('name', v)} autoComplete="nickname" hint={t.nameHint} error={errors.name} disabled={busy} />
        <TextField label={t.email} name="email" type="email" value={values.email} onChange={(v) => set('email', v)} autoComplete="email" hint={t.emailHint} error={errors.email} disabled={busy} />
        <TextAreaField
          label={t.content}
          name="content"
          className="contact-page__content"
          required
          value={values.content}
          onChange={(v) => set('content', v)}
          hint={t.counter(length, LIMITS.contactContentMax)}
          error={errors.content}
          disabled={busy}
        />
        <div role="status" className="form-alert-region">
          {busy && <p className="form-info">{t.sending}</p>}
        </div>
        <SubmitButton busy={busy}>{t.submit}</SubmitButton>
      </form>
      {(phase.name === 'success' || phase.name === 'error') && (
        <ModalDialog title={t.resultTitle} onClose={closeResult} role={phase.name === 'error' ? 'alertdialog' : 'dialog'} describedBy={resultId} className="modal--confirm">
          <p id={resultId}>{phase.message}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={closeResult}>
              {t.ok}
            </button>
          </div>
        </ModalDialog>
      )}
    </div>
  );
}
