import { ACCOUNT_EXPORT_PATH, SHELL_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';
import type { TypeAheadCandidate } from './typeAhead';

export type MoreMenuItem = TypeAheadCandidate &
  ({ kind: 'link'; to: string } | { kind: 'download'; apiPath: string } | { kind: 'unavailable' } | { kind: 'logout' });

const t = SHELL_TEXTS.moreMenu;

/** The 'その他' menu of SPEC.md section 2, in the order members see it. */
export const MORE_MENU_ITEMS: readonly MoreMenuItem[] = [
  { kind: 'link', to: PATHS.glossary, label: t.glossary, keywords: ['ようごしゅう', 'yougoshuu', 'glossary'] },
  { kind: 'link', to: PATHS.faq, label: t.faq, keywords: ['faq', 'yokuaru', 'しつもん'] },
  { kind: 'link', to: PATHS.contactForm, label: t.contact, keywords: ['otoiawase', 'contact', 'といあわせ'] },
  { kind: 'link', to: PATHS.deleteAccount, label: t.deleteAccount, keywords: ['account', 'delete', 'sakujo'] },
  // The privacy policy promises members may view their data (DECISIONS.md): a JSON file of all of it.
  { kind: 'download', apiPath: ACCOUNT_EXPORT_PATH, label: t.exportData, keywords: ['download', 'data', 'daunrodo', 'でーた'] },
  { kind: 'link', to: PATHS.termsOfService, label: t.terms, keywords: ['りようきやく', 'riyoukiyaku', 'terms', 'kiyaku'] },
  { kind: 'link', to: PATHS.privacyPolicy, label: t.privacy, keywords: ['privacy', 'puraibashii'] },
  { kind: 'unavailable', label: t.premium, keywords: ['premium', 'puremiamu'] },
  { kind: 'logout', label: t.logout, keywords: ['logout', 'roguauto'] },
];
