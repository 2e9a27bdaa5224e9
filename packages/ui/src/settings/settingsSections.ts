import type { ComponentType } from 'react';
import { AccountSection } from './AccountSection';
import { EmailChangeSection } from './EmailChangeSection';
import { NotificationSection } from './NotificationSection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { MutedWordsSection } from './MutedWordsSection';
import { BlockedMembersSection, MutedMembersSection } from './RelatedMembersSection';
import { SensitiveImagesSection } from './SensitiveImagesSection';
import { ContentWarningsSection } from './ContentWarningsSection';
import { FollowSection } from './FollowSection';
import { FollowingSection } from './FollowingSection';
import { UpdateFeedSection } from './UpdateFeedSection';

export interface SettingsSectionEntry {
  /** Stable key, also the section's place in tests. */
  id: string;
  /** Renders the whole section, its heading included (wrap it in SettingsSection). */
  Component: ComponentType;
}

/*
 * The sections of /settings, top to bottom. Each feature owns one file in this folder and one entry
 * here, so features add sections without touching each other's: keep one entry per line, and add yours
 * under your own comment (the blank lines keep concurrent additions from meeting in a merge).
 */
export const SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  // Protecting oneself: blocked and muted members, muted words, sensitive images.
  { id: 'muted-words', Component: MutedWordsSection },
  { id: 'muted-members', Component: MutedMembersSection },
  { id: 'blocked-members', Component: BlockedMembersSection },
  { id: 'sensitive-images', Component: SensitiveImagesSection },

  // Content warnings: per label, show / warn / hide.
  { id: 'content-warnings', Component: ContentWarningsSection },
  // Follows: フォロー承認制, requests, followers.
  { id: 'follows', Component: FollowSection },
  // What I follow: members, tags, categories, paged, each with フォローをやめる.
  { id: 'following', Component: FollowingSection },

  // Notifications.
  { id: 'notifications', Component: NotificationSection },

  // Sign-in security: two-step verification, sessions.
  { id: 'two-factor', Component: TwoFactorSection },
  { id: 'sessions', Component: SessionsSection },

  // Passkeys.
  { id: 'passkeys', Component: PasskeysSection },
  // The e-mail change: step-up, then a link to the new address.
  { id: 'email', Component: EmailChangeSection },

  { id: 'account', Component: AccountSection },
];

/**
 * The desktop app's 設定 (operator mode): sign-in security, and where the app looks for updates. An operator without two-factor sign-in
 * is sent here after the login, since every operator screen is refused until it is on.
 */
export const OPERATOR_SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  ...SETTINGS_SECTIONS.filter(({ id }) => id === 'two-factor' || id === 'sessions' || id === 'passkeys'),
  // Issue 38: the desktop app's update feed (shown only where the host lends it: usePlatform().updateFeed).
  { id: 'update-feed', Component: UpdateFeedSection },
];
