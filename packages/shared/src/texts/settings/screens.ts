import { PAGE_TITLES } from '../shell';

/**
 * TEXTS.settings.screens: the 設定 screen. Each section's words sit under its own key, so the helpers
 * that add a section (block and mute, notifications, sign-in security) each touch their own part.
 */
export const SETTINGS_TEXTS = {
  title: PAGE_TITLES.settings,
  lead: 'ひらくの使い方を自分に合わせて変えられます。',
  account: {
    heading: 'アカウント',
    editProfile: PAGE_TITLES.profile,
    deleteAccount: PAGE_TITLES.deleteAccount,
  },
} as const;
