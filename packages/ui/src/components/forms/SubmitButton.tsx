import type { ReactNode } from 'react';
import { COMMON_TEXTS } from '@hiraku/shared';

/** Shows 「処理中...」 and refuses a second press while the form is being sent (docs/product.md §4). */
export function SubmitButton({ busy, children, variant = 'primary' }: { busy: boolean; children: ReactNode; variant?: 'primary' | 'danger' }) {
  return (
    <button type="submit" className={`button button--${variant} button--block`} disabled={busy}>
      {busy ? COMMON_TEXTS.processing : children}
    </button>
  );
}
