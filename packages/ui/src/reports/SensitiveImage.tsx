import { useState } from 'react';
import { SENSITIVE_IMAGE_VIEW_TEXTS, type ReportImage } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';

const t = SENSITIVE_IMAGE_VIEW_TEXTS;

/**
 * A report image the server did not send in full: display 'blur' shows the small blurred
 * preview with a 表示する button, and only that tap asks for the full address (GET /api/reports/:id/image),
 * so it never enters the page before; display 'hidden' shows a neutral placeholder and no button.
 * `className` gives it the box of the image it stands for (card thumbnail, profile row, detail figure).
 */
export function SensitiveImage({
  reportId,
  image,
  size,
  className,
  alt,
  width,
  height,
}: {
  reportId: number;
  image: ReportImage;
  /** Which full address the tap asks for: the card's thumbnail or the detail page's main image. */
  size: 'thumbnail' | 'main';
  className: string;
  /** The full image's alt once shown ('' where the title beside it names the report). */
  alt: string;
  width?: number;
  height?: number;
}) {
  const { call } = useApi();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  if (revealed) return <img className={className} src={revealed} alt={alt} width={width} height={height} decoding="async" />;
  if (image.display === 'hidden') {
    return (
      <div className={`${className} sensitive-image sensitive-image--hidden`} data-sensitive-image="hidden">
        <span className="sensitive-image__label">{t.hidden}</span>
      </div>
    );
  }

  const reveal = async () => {
    setState('loading');
    try {
      const urls = await call('reports.image', { params: { id: reportId } });
      const url = size === 'main' ? (urls.mainImageUrl ?? urls.thumbnailUrl) : (urls.thumbnailUrl ?? urls.mainImageUrl);
      if (url) setRevealed(url);
      else setState('failed');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={`${className} sensitive-image`} data-sensitive-image="blur">
      {/* Decorative: a blur of 40 px shows nothing that could be described. */}
      {image.previewUrl && <img className="sensitive-image__preview" src={image.previewUrl} alt="" decoding="async" />}
      <span className="sensitive-image__label">{t.label}</span>
      <button type="button" className="button button--ghost sensitive-image__reveal" onClick={() => void reveal()} disabled={state === 'loading'}>
        {state === 'loading' ? t.revealing : t.reveal}
      </button>
      {state === 'failed' && (
        <span className="sensitive-image__error" role="alert">
          {t.revealFailed}
        </span>
      )}
    </div>
  );
}
