import { useId, useState, type FormEvent } from 'react';
import { DESKTOP_TEXTS } from '@hiraku/shared';
import type { HirakuDesktopBridge } from '../shared/bridge';

const t = DESKTOP_TEXTS.serverSetup;

/** First start (or after サーバーを変更): which server the app talks to. The main process checks the address. */
export function ServerSetup({ bridge, onConnected }: { bridge: HirakuDesktopBridge; onConnected: (origin: string) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const result = await bridge.setServer(url);
    setBusy(false);
    if (result.ok) onConnected(result.origin);
    else setError(result.message);
  };

  return (
    <main className="page page--narrow account-page">
      <h1 className="page__title">{t.title}</h1>
      <p>{t.lead}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{t.label}</label>
          <input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <p className="field__hint">{t.hint}</p>
          {error && (
            <p id={errorId} role="alert" className="field__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.submit}
        </button>
      </form>
    </main>
  );
}
