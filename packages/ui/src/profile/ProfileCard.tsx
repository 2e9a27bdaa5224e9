import { useId, type MouseEvent, type ReactNode } from 'react';
import { COMMON_TEXTS, PROFILE_TEXTS, type ProfileTagRef, type PublicProfile } from '@hiraku/shared';
import { ExternalLink } from '../components/ExternalLink';
import { usePlatform } from '../platform/PlatformContext';
import { ProfileIcon } from './ProfileIcon';
import { isHandheld, xProfileUrls } from './xProfileLink';

const t = PROFILE_TEXTS;

/** How long the app gets to take over before the web profile opens instead (the app may not be installed). */
const APP_FALLBACK_MS = 1500;

/** On a phone or tablet the X app; elsewhere, and on the desktop app, x.com in a new tab. */
function XLink({ twitterId, children }: { twitterId: string; children: ReactNode }) {
  const platform = usePlatform();
  const urls = xProfileUrls(twitterId);
  const handheld = platform.kind === 'web' && typeof navigator !== 'undefined' && isHandheld(navigator.userAgent, navigator.maxTouchPoints);
  if (!handheld) {
    return (
      <ExternalLink href={urls.web} className="profile-card__x-link">
        {children}
      </ExternalLink>
    );
  }
  const openApp = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') window.location.assign(urls.web);
    }, APP_FALLBACK_MS);
    // The app took over: the page was hidden, so the web fallback is not needed.
    document.addEventListener('visibilitychange', () => clearTimeout(timer), { once: true });
    window.location.assign(urls.app);
  };
  return (
    <a href={urls.app} className="profile-card__x-link" onClick={openApp}>
      {children}
    </a>
  );
}

function TagValue({ tag }: { tag: ProfileTagRef | null }) {
  return tag ? <>{tag.name}</> : <span className="profile-card__unset">{COMMON_TEXTS.unset}</span>;
}

/**
 * A member's card: icon, name, public id, the three preference tags and the X link. Only what the public
 * profile call returns is shown, so the card is the same whoever looks at it. `actions` holds what only
 * the owner gets (edit link, the その他 menu).
 */
export function ProfileCard({ profile, actions, headingLevel = 2 }: { profile: PublicProfile; actions?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__head">
        <ProfileIcon iconUrl={profile.iconUrl} alt={t.card.iconAlt(profile.username)} />
        <div className="profile-card__names">
          <Heading id={headingId} className="profile-card__name">{profile.username}</Heading>
          <p className="profile-card__public-id">
            <span className="profile-card__label">{t.card.publicId}</span> <span translate="no">{profile.publicId}</span>
          </p>
          {profile.twitterId && (
            <p className="profile-card__x">
              <XLink twitterId={profile.twitterId}>
                <span aria-hidden="true">{t.card.xLink(profile.twitterId)}</span>
                <span className="visually-hidden">{t.card.xLinkLabel(profile.twitterId)}</span>
              </XLink>
            </p>
          )}
        </div>
      </div>
      <dl className="profile-card__attributes" aria-label={t.card.attributes}>
        <div>
          <dt>{t.form.gender}</dt>
          <dd>
            <TagValue tag={profile.gender} />
          </dd>
        </div>
        <div>
          <dt>{t.form.sexualOrientation}</dt>
          <dd>
            <TagValue tag={profile.sexualOrientation} />
          </dd>
        </div>
        <div>
          <dt>{t.form.role}</dt>
          <dd>
            <TagValue tag={profile.role} />
          </dd>
        </div>
      </dl>
      {actions && <div className="profile-card__actions">{actions}</div>}
    </section>
  );
}
