import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CONTENT_WARNING_CHOICES,
  CONTENT_WARNING_KEYS,
  CONTENT_WARNING_LABELS,
  CONTENT_WARNING_MESSAGES,
  CONTENT_WARNING_TEXTS,
  defaultContentWarningSettings,
  type ContentWarningSettings,
} from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, SubmitButton } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { invalidateReports } from '../query/reportCache';
import { SettingsSection } from './SettingsSection';

const t = CONTENT_WARNING_TEXTS;

/** 設定 > 注意書き: per label, 表示する / 警告してから表示 / 表示しない, saved on the server. */
export function ContentWarningsSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const saved = useEndpointQuery('contentWarnings.settings');
  const [values, setValues] = useState<ContentWarningSettings>(defaultContentWarningSettings);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data) setValues(saved.data);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: (settings: ContentWarningSettings) => call('contentWarnings.saveSettings', { body: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointQueryKey('contentWarnings.settings'), answer.settings);
      // Every list follows the new choices: reports on 表示しない leave them, others come back.
      void invalidateReports(queryClient);
      setStatus(answer.message);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate(values);
  };

  return (
    <SettingsSection title={t.settingsHeading}>
      <p id={`${id}-lead`} className="settings-section__lead">
        {t.settingsLead}
      </p>
      {saved.data ? (
        <form className="content-warning-settings" noValidate onSubmit={onSubmit} aria-describedby={`${id}-lead`}>
          {CONTENT_WARNING_KEYS.map((key) => (
            <fieldset key={key} className="content-warning-settings__row" data-warning={key}>
              <legend className="field__label">{CONTENT_WARNING_LABELS[key]}</legend>
              <div className="content-warning-settings__choices">
                {CONTENT_WARNING_CHOICES.map((choice) => (
                  <label key={choice} className="radio">
                    <input
                      type="radio"
                      name={`warning-${key}`}
                      value={choice}
                      checked={values[key] === choice}
                      onChange={() => setValues((current) => ({ ...current, [key]: choice }))}
                    />
                    <span className="radio__label">{t.choices[choice]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <FormAlert message={save.isError ? errorMessage(save.error, CONTENT_WARNING_MESSAGES.settingsInvalid) : null} />
          <FormStatus message={status} />
          <SubmitButton busy={save.isPending}>{t.save}</SubmitButton>
        </form>
      ) : (
        <FormAlert message={saved.isError ? errorMessage(saved.error, CONTENT_WARNING_MESSAGES.settingsInvalid) : null} />
      )}
    </SettingsSection>
  );
}
