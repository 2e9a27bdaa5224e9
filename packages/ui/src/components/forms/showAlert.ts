/**
 * SPEC.md calls for a browser alert after sign-up, mail links and password reset. The screens also
 * keep the text on the next page, since an alert is gone once it is closed.
 */
export function showAlert(message: string): void {
  if (typeof window !== 'undefined' && typeof window.alert === 'function') window.alert(message);
}
