import { formatDateTimeJa, MUTED_WORD_DURATION_DAYS, MUTED_WORD_DURATIONS, mutedWordInputSchema, SAFETY_TEXTS, COMMON_TEXTS, type MutedWordInput, type MutedWordDuration } from '@hiraku/shared';
import { useState } from 'react';
import { errorMessage, isApiError } from '../api/apiError';
import { FormAlert, schemaCheck, SubmitButton, TextField, useSchemaForm } from '../components/forms';
import { SelectField } from '../components/forms/SelectField';
import { useEndpointQuery } from '../query/endpointQuery';
import { useAddMutedWordMutation, useRemoveMutedWordMutation } from '../safety/safetyMutations';
import { SettingsSection } from './SettingsSection';

const t = SAFETY_TEXTS;
const FIELD_ORDER = ['word', 'expiresIn'] as const;
const checkWord = schemaCheck<MutedWordInput>(mutedWordInputSchema);

function durationLabel(duration: MutedWordDuration): string {
  const days = MUTED_WORD_DURATION_DAYS[duration];
  return days === null ? t.forever : t.days(days);
}

/** 設定: muted words with their expiry, a form to add one and an undo for each. */
export function MutedWordsSection() {
  const list = useEndpointQuery('mutedWords.list');
  const add = useAddMutedWordMutation();
  const remove = useRemoveMutedWordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, values, errors, setField, submitWith, showFieldErrors, form } = useSchemaForm<MutedWordInput>({
    defaultValues: { word: '', expiresIn: 'forever' },
    check: checkWord,
    order: FIELD_ORDER,
    clearErrorOnChange: true,
  });

  const send = async (input: MutedWordInput) => {
    setFormError(null);
    try {
      await add.mutateAsync(input);
      form.reset({ word: '', expiresIn: input.expiresIn });
    } catch (error) {
      if (!(isApiError(error) && showFieldErrors(error.fields))) setFormError(errorMessage(error, COMMON_TEXTS.fetchFailed));
    }
  };

  return (
    <SettingsSection title={t.wordsSection}>
      <form ref={formRef} className="form settings-word-form" noValidate onSubmit={submitWith(send)}>
        <FormAlert message={formError} />
        <TextField label={t.wordLabel} name="word" value={values.word ?? ''} onChange={(value) => setField('word', value)} error={errors.word} hint={t.wordHint} />
        <SelectField
          label={t.durationLabel}
          name="expiresIn"
          value={values.expiresIn ?? 'forever'}
          onChange={(value) => setField('expiresIn', value as MutedWordDuration)}
          options={MUTED_WORD_DURATIONS.map((duration) => ({ value: duration, label: durationLabel(duration) }))}
          error={errors.expiresIn}
        />
        <SubmitButton busy={add.isPending}>{t.addWord}</SubmitButton>
      </form>
      {list.isError && <p className="form-problem">{errorMessage(list.error, t.loadFailed)}</p>}
      {list.data && list.data.words.length === 0 && <p className="settings-empty">{t.noWords}</p>}
      {list.data && list.data.words.length > 0 && (
        <ul className="settings-list">
          {list.data.words.map((word) => (
            <li key={word.id} className="settings-list__item">
              <span className="settings-list__word">{word.word}</span>
              <span className="settings-list__note">{word.expiresAt ? t.until(formatDateTimeJa(word.expiresAt)) : t.forever}</span>
              <button type="button" className="button button--ghost" aria-label={t.removeWord(word.word)} onClick={() => remove.mutate(word.id)} disabled={remove.isPending}>
                {t.unmute}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
