/** MESSAGES.site: see ../messages.ts. */
export const MESSAGES_SITE = {
  name: 'ひらく',
  tagline: 'あなたの性の好奇心を、ここでひらこう',
  copyright: '© 2024 ひらく',
} as const;
