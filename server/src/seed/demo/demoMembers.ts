/**
 * The demo members. Their e-mail addresses are fixed so a second `seed-demo` finds them instead of adding
 * more; the password is public on purpose (it is printed and shown in --help), which is why seed-demo
 * refuses to run in production.
 */
export const DEMO_PASSWORD = 'hiraku-demo-2025';

export const DEMO_EMAIL_DOMAIN = 'hiraku.local';

export function demoEmail(index: number): string {
  return `demo${index + 1}@${DEMO_EMAIL_DOMAIN}`;
}

export interface DemoMember {
  username: string;
  /** Tag names from the seeded gender / sexual orientation / role categories. */
  gender: string;
  sexualOrientation: string;
  role: string;
  twitterId: string | null;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { username: '結び手トオル', gender: '男性', sexualOrientation: 'ヘテロセクシュアル', role: 'リガー', twitterId: 'musubite_toru' },
  { username: 'みお', gender: '女性', sexualOrientation: 'ヘテロセクシュアル', role: 'ロープバニー', twitterId: null },
  { username: 'ハル', gender: 'ノンバイナリー', sexualOrientation: 'パンセクシュアル', role: 'スイッチ', twitterId: null },
  { username: 'ナツメ', gender: '女性', sexualOrientation: 'レズビアン', role: 'ドミナント', twitterId: 'natsume_d' },
  { username: 'こはる', gender: '女性', sexualOrientation: 'バイセクシュアル', role: 'サブミッシブ', twitterId: null },
  { username: 'ケイ', gender: '男性', sexualOrientation: 'ゲイ', role: 'サディスト', twitterId: null },
  { username: 'りく', gender: '男性', sexualOrientation: 'ゲイ', role: 'マゾヒスト', twitterId: null },
  { username: 'あおい（勉強中）', gender: 'Xジェンダー', sexualOrientation: 'クエスチョニング', role: 'M', twitterId: null },
];

export const DEMO_MEMBERS_MIN = 2;
export const DEMO_MEMBERS_DEFAULT = 6;
