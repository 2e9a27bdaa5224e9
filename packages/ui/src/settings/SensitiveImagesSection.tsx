import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { IMAGE_MESSAGES, SENSITIVE_IMAGE_CHOICES, SENSITIVE_IMAGE_TEXTS, sensitiveImageInputSchema, type SensitiveImageChoice } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, schemaCheck, SubmitButton, useSchemaForm } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { invalidateReports } from '../query/reportCache';
import { SettingsSection } from './SettingsSection';

const t = SENSITIVE_IMAGE_TEXTS;
const ORDER = ['choice'] as const;
const check = schemaCheck<{ choice: SensitiveImageChoice }>(sensitiveImageInputSchema);

/** 設定 > センシティブな画像: 表示する / ぼかす / 表示しない, saved on the server. */
export function SensitiveImagesSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const setting = useEndpointQuery('sensitiveImages.get');
  const { form, formRef, values, errors, setField, submitWith } = useSchemaForm<{ choice: SensitiveImageChoice }>({ defaultValues: { choice: 'blur' }, check, order: ORDER });
  const [status, setStatus] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (setting.data) reset(setting.data);
  }, [setting.data, reset]);
  const save = useMutation({
    mutationFn: (choice: SensitiveImageChoice) => call('sensitiveImages.update', { body: { choice } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointQueryKey('sensitiveImages.get'), { choice: saved.choice });
      // Every list and page shows images by the new choice.
      void invalidateReports(queryClient);
      setStatus(saved.message);
    },
  });
  const formError = save.isError ? errorMessage(save.error, IMAGE_MESSAGES.sensitiveChoiceInvalid) : (errors.choice ?? null);

  return (
    <SettingsSection title={t.settingsHeading}>
      <p className="settings-section__lead">{t.settingsLead}</p>
      {setting.data ? (
        <form
          ref={formRef}
          className="sensitive-images-settings"
          noValidate
          onSubmit={(event) => {
            setStatus(null);
            submitWith((checked) => save.mutate(checked.choice))(event);
          }}
        >
          <fieldset className="sensitive-images-settings__choices" aria-describedby={`${id}-lead`}>
            <legend id={`${id}-lead`} className="visually-hidden">
              {t.settingsHeading}
            </legend>
            {SENSITIVE_IMAGE_CHOICES.map((choice) => (
              <label key={choice} className="radio sensitive-images-settings__choice">
                <input
                  type="radio"
                  name="choice"
                  value={choice}
                  checked={values.choice === choice}
                  onChange={() => setField('choice', choice)}
                  aria-labelledby={`${id}-${choice}-label`}
                  aria-describedby={`${id}-${choice}`}
                />
                {/* Named by the choice alone: the hint is its description, not part of its name. */}
                <span id={`${id}-${choice}-label`} className="radio__label">
                  {t.choices[choice]}
                </span>
                <span id={`${id}-${choice}`} className="field__hint">
                  {t.choiceHints[choice]}
                </span>
              </label>
            ))}
          </fieldset>
          <FormAlert message={formError} />
          <FormStatus message={status} />
          <SubmitButton busy={save.isPending}>{t.save}</SubmitButton>
        </form>
      ) : (
        <FormAlert message={setting.isError ? errorMessage(setting.error, IMAGE_MESSAGES.sensitiveChoiceInvalid) : null} />
      )}
    </SettingsSection>
  );
}
