import { useEffect, useId, useState, type FormEvent } from 'react';
import { DESKTOP_TEXTS } from '@hiraku/shared';
import { FormAlert, FormStatus } from '../components/forms';
import { usePlatform } from '../platform/PlatformContext';
import type { UpdateFeedSetting } from '../platform/Platform';
import { SettingsSection } from './SettingsSection';

const t = DESKTOP_TEXTS.updateFeed;

/**
 * 設定 › アプリの更新 (issue 38, desktop app only): the generic feed electron-updater asks at start-up. The
 * main process checks the address (https, or http on this machine) and keeps it in settings.json.
 */
export function UpdateFeedSection() {
  const { updateFeed } = usePlatform();
  // The web has nothing to update: no section at all.
  if (!updateFeed) return null;
  return <UpdateFeedForm setting={updateFeed} />;
}

function UpdateFeedForm({ setting }: { setting: UpdateFeedSetting }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    void setting.current().then((value) => {
      if (current) setUrl(value ?? '');
    });
    return () => {
      current = false;
    };
  }, [setting]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    setProblem(null);
    setBusy(true);
    const result = await setting.set(url);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setUrl(result.url ?? '');
    setStatus(result.url === null ? t.cleared : t.saved);
  };

  return (
    <SettingsSection title={t.heading}>
      <p>{t.lead}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor={`${id}-url`}>{t.label}</label>
          <input
            id={`${id}-url`}
            className="field__input"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-describedby={`${id}-hint`}
            aria-invalid={problem ? true : undefined}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t.hint}
          </p>
        </div>
        <FormAlert message={problem} />
        <FormStatus message={status} />
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
      </form>
    </SettingsSection>
  );
}
