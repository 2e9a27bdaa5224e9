import { LIMITS } from '../../limits';

/**
 * TEXTS.flag.categories: the categories a member flags content under, in order of severity (most severe
 * first, the order of FLAG_CATEGORIES), each with its label and the one line of help the flag dialog shows.
 * The first three are what Japanese law most requires to come down first (刑法175条, 性的姿態撮影等処罰法,
 * the private-sexual-image rules): see docs/decisions.md.
 */
export const FLAG_CATEGORY_TEXTS = {
  minor: {
    label: '未成年の疑い',
    help: `${LIMITS.minimumAge}歳未満に見える人が写っている、または${LIMITS.minimumAge}歳未満の人が投稿・登録しているおそれがあります。`,
  },
  nonConsensual: {
    label: '同意のない画像・盗撮・個人情報の暴露',
    help: '写っている人の同意がない画像、盗撮、本人を特定できる情報の公開です。',
  },
  obscene: { label: '無修正など違法なわいせつ画像', help: '性器にモザイクなどの修正がない画像など、法律で公開が禁じられている画像です。' },
  aiManipulatedPerson: {
    label: 'AIで加工された実在の人物の画像',
    help: '実在の人物の顔や体をAIで合成・加工した画像です。本人が写っていなくても、その人を傷つけるおそれがあります。',
  },
  solicitation: { label: '出会い・売買春の勧誘、宣伝', help: '会う約束や金銭のやり取りを持ちかける投稿、外部サービスや商品の宣伝です。' },
  harassment: { label: '誹謗中傷・嫌がらせ', help: '特定の人への攻撃、侮辱、しつこい嫌がらせです。' },
  spam: { label: 'スパム', help: '同じ内容の繰り返しや、内容と関係のない投稿です。' },
  other: { label: 'その他', help: '上のどれにも当たらないが、規約に反すると思われるものです。メモに内容を書いてください。' },
} as const;
