import { useMutation } from '@tanstack/react-query';
import type { LoginInput, SignupInput } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';

/** The account forms' writes (login, sign-up, password reset, account deletion), one hook each. */

export function useLoginMutation() {
  const { auth } = useApi();
  return useMutation({ mutationFn: (input: LoginInput) => auth.login(input) });
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
