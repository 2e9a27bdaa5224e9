import { COMMON_TEXTS } from '@hiraku/shared';
import { useGoBack } from './useGoBack';

export function BackButton({ className = 'button button--ghost back-button' }: { className?: string }) {
  const goBack = useGoBack();
  return (
    <button type="button" className={className} onClick={goBack}>
      <span aria-hidden="true" className="back-button__arrow">
        ←
      </span>
      {COMMON_TEXTS.back}
    </button>
  );
}
