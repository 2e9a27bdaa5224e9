import { Link } from 'react-router-dom';
import { SETTINGS_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';
import { SettingsSection } from './SettingsSection';

const t = SETTINGS_TEXTS.account;

/** The account screens that already exist, reachable from 設定 too. */
export function AccountSection() {
  return (
    <SettingsSection title={t.heading}>
      <ul className="settings-links">
        <li>
          <Link to={PATHS.profile}>{t.editProfile}</Link>
        </li>
        <li>
          <Link to={PATHS.deleteAccount}>{t.deleteAccount}</Link>
        </li>
      </ul>
    </SettingsSection>
  );
}
