import { SHELL_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';
import type { TypeAheadCandidate } from './typeAhead';

export type MoreMenuItem = TypeAheadCandidate & {
  /** Shown to signed-in members only: a visitor has no account to delete, download or log out of. */
  membersOnly?: true;
  /** A short text after the label, e.g. how many reported comments wait for an operator. */
  badge?: string;
} & ({ kind: 'link'; to: string } | { kind: 'download' } | { kind: 'unavailable' } | { kind: 'logout' });

const t = SHELL_TEXTS.moreMenu;

/** The 'その他' menu of docs/product.md §2, in the order members see it. */
export const MORE_MENU_ITEMS: readonly MoreMenuItem[] = [
  { kind: 'link', to: PATHS.glossary, label: t.glossary, keywords: ['ようごしゅう', 'yougoshuu', 'glossary'] },
  { kind: 'link', to: PATHS.faq, label: t.faq, keywords: ['faq', 'yokuaru', 'しつもん'] },
  { kind: 'link', to: PATHS.contactForm, label: t.contact, keywords: ['otoiawase', 'contact', 'といあわせ'] },
  { kind: 'link', to: PATHS.saved, membersOnly: true, label: t.saved, keywords: ['hozon', 'ほぞん', 'saved', 'bookmark'] },
  { kind: 'link', to: PATHS.settings, membersOnly: true, label: t.settings, keywords: ['settei', 'settings', 'せってい'] },
  { kind: 'link', to: PATHS.deleteAccount, membersOnly: true, label: t.deleteAccount, keywords: ['account', 'delete', 'sakujo'] },
  // The privacy policy promises members may view their data (docs/decisions.md): a JSON file of all of it.
  { kind: 'download', membersOnly: true, label: t.exportData, keywords: ['download', 'data', 'daunrodo', 'でーた'] },
  { kind: 'link', to: PATHS.termsOfService, label: t.terms, keywords: ['りようきやく', 'riyoukiyaku', 'terms', 'kiyaku'] },
  { kind: 'link', to: PATHS.privacyPolicy, label: t.privacy, keywords: ['privacy', 'puraibashii'] },
  // The public side of trust: what we remove, the image rules, where to report, the takedown form.
  { kind: 'link', to: PATHS.removalGuidelines, label: t.removalGuidelines, keywords: ['さくじょがいどらいん', 'sakujogaidorain', 'removal'] },
  { kind: 'link', to: PATHS.imageRules, label: t.imageRules, keywords: ['がぞう', 'image', 'rules'] },
  { kind: 'link', to: PATHS.reportIllegalContent, label: t.reportIllegalContent, keywords: ['いほう', 'ihou', 'tsuuhou', 'report'] },
  { kind: 'link', to: PATHS.takedownRequest, label: t.takedownRequest, keywords: ['さくじょいらい', 'sakujoirai', 'takedown'] },
  { kind: 'logout', membersOnly: true, label: t.logout, keywords: ['logout', 'roguauto'] },
];

/** The items a visitor or a member sees; while the session is still being checked, the visitor's. */
export function moreMenuItemsFor(signedIn: boolean): readonly MoreMenuItem[] {
  return signedIn ? MORE_MENU_ITEMS : MORE_MENU_ITEMS.filter((item) => !item.membersOnly);
}
