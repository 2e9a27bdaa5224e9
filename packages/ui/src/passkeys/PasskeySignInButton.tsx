import { useState } from 'react';
import { ACCOUNT_MESSAGES, type LoginResponse } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { FormAlert } from '../components/forms';
import { PasskeyCeremonyError } from './passkeyCeremonies';
import { usePasskeyCeremonies, usePasskeySignIn } from './usePasskeys';

/**
 * "パスキーでログイン": on the login page, and as the second step of an account whose second
 * factor is a passkey. Renders nothing where the host has no passkey ceremony (the code then remains).
 */
export function PasskeySignInButton({ label, lead, onSignedIn }: { label: string; lead: string; onSignedIn: (response: LoginResponse) => void }) {
  const ceremonies = usePasskeyCeremonies();
  const signIn = usePasskeySignIn(ceremonies);
  const [failure, setFailure] = useState<string | null>(null);
  if (!ceremonies) return null;
  const start = async () => {
    setFailure(null);
    try {
      onSignedIn(await signIn.mutateAsync());
    } catch (error) {
      setFailure(error instanceof PasskeyCeremonyError ? error.message : errorMessage(error, ACCOUNT_MESSAGES.loginFailed));
    }
  };
  return (
    <div className="passkey-sign-in">
      <p>{lead}</p>
      <FormAlert message={failure} />
      <button type="button" className="button" disabled={signIn.isPending} aria-busy={signIn.isPending || undefined} onClick={() => void start()}>
        {label}
      </button>
    </div>
  );
}
