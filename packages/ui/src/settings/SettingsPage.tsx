import { SETTINGS_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { SETTINGS_SECTIONS, type SettingsSectionEntry } from './settingsSections';

const t = SETTINGS_TEXTS;

/**
 * /settings (設定): a list of independent sections, declared in ./settingsSections. The desktop app shows
 * only the operators' own (OPERATOR_SETTINGS_SECTIONS).
 */
export function SettingsPage({ sections = SETTINGS_SECTIONS }: { sections?: readonly SettingsSectionEntry[] }) {
  return (
    <div className="page page--narrow settings">
      <PageTitle page={t.title} />
      <h1 className="page__title">{t.title}</h1>
      <p className="page__lead">{t.lead}</p>
      {sections.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </div>
  );
}
