/**
 * Words from the glossary (docs/product.md: dominant, submissive, slave, sadist, masochist, rigger, switch,
 * vanilla, bondage, discipline, spanking, role play, wax play, edging, sensory deprivation...) and the
 * tools and plays members write about, each with the spellings a member is likely to type: kanji,
 * hiragana, katakana, slang and English. Every word of a group finds the others. A word appears in one
 * group only; otherwise Meilisearch would chain unrelated groups together.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['縄', 'なわ', 'ロープ', '麻縄', 'rope'],
  ['緊縛', 'きんばく', 'ボンデージ', 'bondage'],
  ['縛り', 'しばり'],
  ['亀甲縛り', 'きっこう縛り'],
  ['緊縛師', '縄師', 'リガー', 'rigger'],
  ['首輪', 'くびわ', 'カラー', 'collar'],
  ['鞭', 'ムチ', 'むち', 'ウィップ', 'whip'],
  ['目隠し', 'めかくし', 'アイマスク', 'blindfold'],
  ['スパンキング', 'お尻叩き', 'おしり叩き', '尻叩き', 'spanking'],
  ['ろうそく', '蝋燭', 'ロウソク', 'キャンドル', 'candle'],
  ['ワックスプレイ', '蝋燭プレイ', 'ろうそくプレイ', 'wax play'],
  ['サディスト', 'サド', 'ドS', 'sadist'],
  ['マゾヒスト', 'マゾ', 'ドM', 'masochist'],
  ['ドミナント', 'ドム', 'dominant'],
  ['サブミッシブ', 'サブ', 'submissive'],
  ['スイッチ', 'リバ', 'switch'],
  ['奴隷', 'どれい', 'スレイブ', 'slave'],
  ['ご主人様', 'ご主人さま', 'マスター'],
  ['バニラ', 'ノーマル', 'vanilla'],
  ['寸止め', 'すんどめ', 'エッジング', 'edging'],
  ['言葉責め', 'ことば責め', 'ダーティートーク'],
  ['責め', '攻め'],
  ['焦らし', 'じらし'],
  ['調教', 'ちょうきょう'],
  ['躾', 'しつけ', 'ディシプリン', 'discipline'],
  ['ロールプレイ', 'ロープレ', 'なりきり', 'role play'],
  ['感覚遮断', 'センサリーデプリベーション', 'sensory deprivation'],
  ['手枷', '手かせ', '手錠', 'カフス'],
  ['足枷', '足かせ'],
  ['猿轡', 'さるぐつわ', 'ギャグ'],
  ['羞恥', 'しゅうち'],
  ['放置プレイ', '放置'],
  ['アフターケア', 'アフターケアー', 'aftercare'],
  ['セーフワード', 'セーフティワード', 'safeword'],
  ['電マ', '電動マッサージ器'],
  ['オナニー', '自慰', 'マスターベーション', 'ひとりエッチ'],
  ['ペニバン', 'ストラップオン'],
  ['フェチ', 'フェティシズム', 'fetish'],
  ['SM', 'エスエム'],
];

/** Meilisearch's `synonyms` setting: each word maps to the rest of its group (mutual synonyms). */
export function buildSynonyms(groups: readonly (readonly string[])[] = SYNONYM_GROUPS): Record<string, string[]> {
  const synonyms: Record<string, string[]> = {};
  for (const group of groups) {
    const words = [...new Set(group.map((word) => word.trim()).filter(Boolean))];
    for (const word of words) synonyms[word] = words.filter((other) => other !== word);
  }
  return synonyms;
}
