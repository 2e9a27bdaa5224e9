/** TEXTS.site: the product's name and the lines that frame every page and mail. */
export const SITE_TEXTS = {
  name: 'ひらく',
  tagline: 'あなたの性の好奇心を、ここでひらこう',
  copyright: '© 2024 ひらく',
} as const;
