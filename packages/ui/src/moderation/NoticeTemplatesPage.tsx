import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  CASE_ACTIONS,
  FLAG_CATEGORIES,
  FLAG_CATEGORY_TEXTS,
  MODERATION_TEXTS,
  noticeTemplateInputSchema,
  type CaseAction,
  type FlagCategory,
  type NoticeTemplate,
} from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { createModerationApi } from '../api/moderationApi';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { OperatorGate } from './OperatorGate';

const t = MODERATION_TEXTS.noticeTemplates;
const c = MODERATION_TEXTS.common;
const actionLabel = (action: CaseAction) => MODERATION_TEXTS.cases.actions[action];

interface Draft {
  name: string;
  decision: CaseAction;
  category: FlagCategory | '';
  body: string;
}
const EMPTY: Draft = { name: '', decision: 'hide', category: '', body: '' };

/** /moderation/notice-templates: the reasons operators keep per decision and category, with a preview. */
export function NoticeTemplatesPage() {
  return (
    <OperatorGate page={MODERATION_TEXTS.titles.noticeTemplates}>
      <NoticeTemplates />
    </OperatorGate>
  );
}

function NoticeTemplates() {
  const { client } = useApi();
  const api = useMemo(() => createModerationApi(client), [client]);
  const queryClient = useQueryClient();
  const list = useEndpointQuery('noticeTemplates.list', {}, { staleTime: 0 });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  /** The shared schema checks it as the server does (placeholders included); the first message is shown. */
  const checked = () => {
    const result = noticeTemplateInputSchema.safeParse({ ...draft, category: draft.category === '' ? null : draft.category });
    if (!result.success) setProblem(result.error.issues[0]?.message ?? c.actionFailed);
    return result.success ? result.data : null;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointQueryKey('noticeTemplates.list') });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setNotice(null);
    const input = checked();
    if (!input) return;
    try {
      const answer = editing === null ? await api.createNoticeTemplate(input) : await api.updateNoticeTemplate(editing, input);
      setNotice(answer.message);
      setDraft(EMPTY);
      setEditing(null);
      setPreview(null);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const showPreview = async () => {
    setProblem(null);
    const input = checked();
    if (!input) return;
    try {
      setPreview((await api.previewNoticeTemplate(input.body, input.category)).text);
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const edit = (template: NoticeTemplate) => {
    setEditing(template.id);
    setDraft({ name: template.name, decision: template.decision, category: template.category ?? '', body: template.body });
    setPreview(null);
  };
  const remove = async (template: NoticeTemplate) => {
    setProblem(null);
    try {
      setNotice((await api.removeNoticeTemplate(template.id)).message);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };

  const templates = list.data?.templates ?? [];
  return (
    <div className="page moderation">
      <PageTitle page={MODERATION_TEXTS.titles.noticeTemplates} />
      <h1 className="page__title">{MODERATION_TEXTS.titles.noticeTemplates}</h1>
      <p>{t.intro}</p>
      <FormStatus message={notice} />
      <FormAlert message={problem} />
      <form onSubmit={save} noValidate aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`}>{editing === null ? t.formHeading : t.editHeading}</h2>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t.name}
          </label>
          <input id={`${id}-name`} className="field__input" value={draft.name} onChange={(event) => set('name', event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-decision`} className="field__label">
            {t.decision}
          </label>
          <select id={`${id}-decision`} className="field__input" value={draft.decision} onChange={(event) => set('decision', event.target.value as CaseAction)}>
            {CASE_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`} className="field__label">
            {t.category}
          </label>
          <select id={`${id}-category`} className="field__input" value={draft.category} onChange={(event) => set('category', event.target.value as FlagCategory | '')}>
            <option value="">{t.anyCategory}</option>
            {FLAG_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {FLAG_CATEGORY_TEXTS[category].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`} className="field__label">
            {t.body}
          </label>
          <textarea id={`${id}-body`} className="field__input" rows={4} value={draft.body} onChange={(event) => set('body', event.target.value)} />
        </div>
        <div className="moderation__actions">
          <button type="button" className="button button--ghost" onClick={() => void showPreview()}>
            {t.preview}
          </button>
          <button type="submit" className="button">
            {t.save}
          </button>
          {editing !== null && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              {t.cancelEdit}
            </button>
          )}
        </div>
        {preview !== null && (
          <section aria-labelledby={`${id}-preview`}>
            <h3 id={`${id}-preview`} className="moderation__subheading">
              {t.previewHeading}
            </h3>
            <blockquote className="moderation__comment">{preview}</blockquote>
          </section>
        )}
      </form>
      <h2>{t.listHeading}</h2>
      {list.isPending ? (
        <p>{c.loading}</p>
      ) : templates.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="moderation__list">
          {templates.map((template) => (
            <li key={template.id} className="moderation__item">
              <h3 className="moderation__item-title">{template.name}</h3>
              <p className="moderation__badges">
                <span className="badge">{actionLabel(template.decision)}</span>{' '}
                <span className="badge">{template.category ? FLAG_CATEGORY_TEXTS[template.category].label : t.anyCategory}</span>
              </p>
              <p>{template.body}</p>
              <div className="moderation__actions">
                <button type="button" className="button button--small button--ghost" onClick={() => edit(template)}>
                  {t.edit}
                </button>
                <button type="button" className="button button--small button--danger" onClick={() => void remove(template)}>
                  {t.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
