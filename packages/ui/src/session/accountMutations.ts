import { useMutation } from '@tanstack/react-query';
import type { LoginInput, SignupInput } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { useSession } from './SessionContext';

/** The account forms' writes (login, sign-up, password reset, account deletion), one hook each. */

export function useLoginMutation() {
  const { auth } = useApi();
  const { logoutSettled } = useSession();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      // A logout still out (a retry from the page before) must answer first, or its answer ends the new session.
      await logoutSettled();
      return auth.login(input);
    },
  });
}

export function useSignupMutation() {
  const { auth } = useApi();
  return useMutation({ mutationFn: (input: SignupInput) => auth.signup(input) });
}

export function useForgotPasswordMutation() {
  const { auth } = useApi();
  return useMutation({ mutationFn: (email: string) => auth.forgotPassword(email) });
}

export function useResetPasswordMutation() {
  const { auth } = useApi();
  return useMutation({ mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) => auth.resetPassword(token, newPassword) });
}

export function useDeleteAccountMutation() {
  const { auth } = useApi();
  return useMutation({ mutationFn: (password: string) => auth.deleteAccount(password) });
}
