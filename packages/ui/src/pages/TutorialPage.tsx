import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_TITLES, ACCOUNT_MESSAGES, ACCOUNT_TEXTS, TUTORIAL_SLIDES } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { CheckboxField } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { usePlatform } from '../platform/PlatformContext';

const t = ACCOUNT_TEXTS.tutorial;
const LAST = TUTORIAL_SLIDES.length - 1;

/** Five slides after the first login (docs/product.md §2); the last one can switch the tutorial off. */
export function TutorialPage() {
  const platform = usePlatform();
  const { auth } = useApi();
  const { markTutorialDone } = useSession();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [optOut, setOptOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedByButton = useRef(false);
  const headingId = useId();
  const slide = TUTORIAL_SLIDES[index] ?? TUTORIAL_SLIDES[0];

  useEffect(() => {
    // After 次へ / 前へ the old button may be gone; reading continues at the new slide's title.
    if (movedByButton.current) headingRef.current?.focus();
    movedByButton.current = false;
  }, [index]);

  const goTo = (next: number) => {
    movedByButton.current = true;
    setIndex(Math.max(0, Math.min(LAST, next)));
  };

  const finish = async () => {
    if (busy) return;
    if (optOut) {
      setBusy(true);
      try {
        await auth.completeTutorial();
        markTutorialDone();
      } catch (error) {
        console.error('tutorial completion failed', error);
        platform.alert(ACCOUNT_MESSAGES.tutorialFailed);
      }
    }
    navigate(PATHS.reports, { replace: true });
  };

  if (!slide) return null;
  return (
    <div className="page page--narrow tutorial">
      <PageTitle page={PAGE_TITLES.tutorial} />
      <div className="tutorial__top">
        <h1 className="tutorial__page-title">{PAGE_TITLES.tutorial}</h1>
        <button type="button" className="button button--text" onClick={() => navigate(PATHS.reports, { replace: true })}>
          {t.skip}
        </button>
      </div>

      <section className="tutorial__slide" aria-labelledby={headingId} aria-roledescription={t.slideRole}>
        <p className="tutorial__count">{t.slideLabel(index + 1, TUTORIAL_SLIDES.length)}</p>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="tutorial__title">
          {slide.title}
        </h2>
        {slide.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {index === LAST && (
          <CheckboxField name="optOut" checked={optOut} onChange={setOptOut} disabled={busy}>
            {t.optOut}
          </CheckboxField>
        )}
      </section>

      <div className="tutorial__dots" role="group" aria-label={t.dotsLabel}>
        {TUTORIAL_SLIDES.map((item, i) => (
          <button
            key={item.title}
            type="button"
            className="tutorial__dot"
            aria-label={t.dotLabel(i + 1, item.title)}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>

      <div className="tutorial__nav">
        <button type="button" className="button button--ghost" onClick={() => goTo(index - 1)} disabled={index === 0}>
          {t.previous}
        </button>
        {index < LAST ? (
          <button type="button" className="button button--primary" onClick={() => goTo(index + 1)}>
            {t.next}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={finish} disabled={busy}>
            {busy ? t.finishing : t.finish}
          </button>
        )}
      </div>
    </div>
  );
}
