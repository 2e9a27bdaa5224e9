import { useCallback } from 'react';
import { useApi } from '../api/ApiContext';
import { useSession } from '../session/SessionContext';

/**
 * Downloads the member's data through the API client, so an expired 15-minute access cookie is refreshed
 * like on every other call (a plain link would just get a 401), then saves it as a JSON file.
 */
export function useAccountDownload(): () => Promise<void> {
  const { call } = useApi();
  const { user } = useSession();
  const publicId = user?.publicId;
  return useCallback(async () => {
    const data = await call('account.export', {}, { timeoutMs: null });
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    try {
      const link = document.createElement('a');
      link.href = url;
      link.download = `hiraku-${publicId ?? 'data'}.json`;
      document.body.append(link);
      link.click();
      link.remove();
    } finally {
      // Some browsers read the address after the click returns; a minute later nobody needs it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  }, [call, publicId]);
}
