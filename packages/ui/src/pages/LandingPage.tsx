import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE_TEXTS, SHELL_TEXTS, PAGE_TITLES, LANDING_TEXTS, type LandingFeature } from '@hiraku/shared';
import { IconObserve, IconPlay, IconRecord } from '../components/icons';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';

const FEATURE_ICONS: Record<LandingFeature['id'], ReactNode> = {
  play: <IconPlay />,
  observe: <IconObserve />,
  record: <IconRecord />,
};

const c = LANDING_TEXTS;

export function LandingPage() {
  const { status } = useSession();
  return (
    <div className="landing">
      <PageTitle page={PAGE_TITLES.home} />
      <section className="landing__hero" aria-labelledby="landing-tagline">
        <p className="landing__site-name">{SITE_TEXTS.name}</p>
        <h1 id="landing-tagline" className="landing__tagline">
          {SITE_TEXTS.tagline}
        </h1>
        <p className="landing__lead">{c.lead}</p>
        <div className="landing__actions">
          {status === 'authenticated' ? (
            <Link to={PATHS.reports} className="button button--primary button--large">
              {SHELL_TEXTS.toReports}
            </Link>
          ) : (
            <>
              <Link to={PATHS.login} className="button button--primary button--large">
                {c.login}
              </Link>
              <p className="landing__signup">
                {c.signupPrompt}
                <Link to={PATHS.signup}>{c.signup}</Link>
              </p>
            </>
          )}
        </div>
        <p className="landing__note">
          {c.adultNotice}
          {c.betaNote}
        </p>
      </section>

      <ul className="feature-tiles">
        {c.features.map((feature) => (
          <li key={feature.id} className="feature-tile">
            <span className="feature-tile__icon">{FEATURE_ICONS[feature.id]}</span>
            <h2 className="feature-tile__title">{feature.title}</h2>
            <p className="feature-tile__text">{feature.text}</p>
          </li>
        ))}
      </ul>

      <section className="landing__section" aria-labelledby="landing-reasons">
        <h2 id="landing-reasons" className="section-heading">
          {c.reasonsHeading}
        </h2>
        <ol className="reasons">
          {c.reasons.map((reason) => (
            <li key={reason.title} className="reasons__item">
              <h3 className="reasons__title">{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="notice-box" aria-labelledby="landing-feedback">
        <h2 id="landing-feedback" className="notice-box__heading">
          {c.feedbackHeading}
        </h2>
        <p>{c.feedback}</p>
        <p>
          <Link to={PATHS.contactForm}>{c.feedbackLink}</Link>
        </p>
      </section>
    </div>
  );
}
