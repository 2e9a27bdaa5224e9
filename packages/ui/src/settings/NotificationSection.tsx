import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES, NOTIFICATION_TEXTS, notificationSettingsSchema, type NotificationSettings } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, messagesOf, schemaResolver, SubmitButton } from '../components/forms';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { SettingsSection } from './SettingsSection';

const t = NOTIFICATION_TEXTS;

const resolver = schemaResolver<NotificationSettings>(notificationSettingsSchema);

/** 設定 > 通知: each kind switched on or off for the app and for the daily digest mail. */
export function NotificationSection() {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const settings = useEndpointQuery('notifications.settings');
  const { register, handleSubmit, reset, formState } = useForm<NotificationSettings>({ resolver, reValidateMode: 'onSubmit' });
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);
  const save = useMutation({
    mutationFn: (values: NotificationSettings) => call('notifications.saveSettings', { body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointQueryKey('notifications.settings'), saved);
      // Kinds switched off in the app leave the list and the count.
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('notifications.unreadCount') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('notifications.list') });
      setStatus(NOTIFICATION_MESSAGES.settingsSaved);
    },
  });
  const formError = save.isError ? errorMessage(save.error, NOTIFICATION_MESSAGES.unsubscribeInvalid) : (Object.values(messagesOf(formState.errors))[0] ?? null);

  return (
    <SettingsSection title={t.settingsTitle}>
      <p className="settings-section__lead">{t.settingsLead}</p>
      {settings.data ? (
        <form
          className="notification-settings"
          noValidate
          onSubmit={(event) => {
            setStatus(null);
            void handleSubmit((values) => save.mutate(values))(event);
          }}
        >
          <table className="notification-settings__table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t.settingsTitle}</span>
                </th>
                <th scope="col">{t.inApp}</th>
                <th scope="col">{t.email}</th>
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t.kinds[kind]}</th>
                  <td>
                    <input type="checkbox" aria-label={`${t.kinds[kind]}（${t.inApp}）`} {...register(`${kind}.inApp`)} />
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`${t.kinds[kind]}（${t.email}）`} {...register(`${kind}.email`)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <FormAlert message={formError} />
          <FormStatus message={status} />
          <SubmitButton busy={save.isPending}>{t.save}</SubmitButton>
        </form>
      ) : (
        <FormAlert message={settings.isError ? errorMessage(settings.error, t.loadFailed) : null} />
      )}
    </SettingsSection>
  );
}
