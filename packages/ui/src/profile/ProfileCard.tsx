import { useId, type ReactNode } from 'react';
import { MESSAGES, PROFILE_SCREEN_TEXTS, type ProfileTagRef, type PublicProfile } from '@hiraku/shared';
import { ExternalLink } from '../components/ExternalLink';
import { ProfileIcon } from './ProfileIcon';

const t = PROFILE_SCREEN_TEXTS;

/** x.com, not twitter.com: the app opens it on phones and it needs no redirect on the web. */
export function xProfileUrl(twitterId: string): string {
  return `https://x.com/${encodeURIComponent(twitterId)}`;
}

function TagValue({ tag }: { tag: ProfileTagRef | null }) {
  return tag ? <>{tag.name}</> : <span className="profile-card__unset">{MESSAGES.common.unset}</span>;
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
              <ExternalLink href={xProfileUrl(profile.twitterId)} className="profile-card__x-link">
                <span aria-hidden="true">{t.card.xLink(profile.twitterId)}</span>
                <span className="visually-hidden">{t.card.xLinkLabel(profile.twitterId)}</span>
              </ExternalLink>
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
