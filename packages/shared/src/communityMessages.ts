import { LIMITS } from './limits';
import { CATEGORY_NAMES } from './taxonomy';

/**
 * Texts of the report, like, comment and taxonomy calls that MESSAGES does not carry yet. Kept apart
 * so that helpers editing messages.ts at the same time do not collide; the UI reads both.
 */
export const COMMUNITY_MESSAGES = {
  report: {
    descriptionTooLong: `感想は${LIMITS.reportTextMax}文字以内で入力してください。`,
    tipsTooLong: `注意点・ポイントは${LIMITS.reportTextMax}文字以内で入力してください。`,
    durationTooLong: `プレイ時間は${LIMITS.durationMax}文字以内で入力してください。`,
    toolNameRequired: '道具名を入力してください。',
    toolNameTooLong: `道具名は${LIMITS.toolNameMax}文字以内で入力してください。`,
    stepActionTooLong: `プレイの流れは1つにつき${LIMITS.stepActionMax}文字以内で入力してください。`,
    tagInvalid: (field: string) => `「${field}」で選べないタグが指定されています。選び直してください。`,
    formInvalid: '送信された内容を読み取れませんでした。ページを再読み込みしてからお試しください。',
    tooManyImages: 'メイン画像は1枚だけ選んでください。',
    invalidCursor: '読み込み位置が正しくありません。一覧を最初から読み込み直してください。',
    publicIdRequired: '会員IDを指定してください。',
    memberNotFound: '会員が見つかりません。',
  },
  like: {
    notFound: 'いいねできるレポートが見つかりません。',
  },
  comment: {
    notFound: 'コメントが見つかりません。',
    ownComment: '自分のコメントは通報できません。',
    articleRequired: 'コメントするレポートを指定してください。',
    deleted: 'コメントを削除しました。',
  },
  taxonomy: {
    categoryNameTooLong: `カテゴリ名は${LIMITS.categoryNameMax}文字以内で入力してください`,
    tagNameTooLong: `タグ名は${LIMITS.tagNameMax}文字以内で入力してください`,
    categoryNotFound: 'カテゴリが見つかりません。',
    tagNotFound: 'タグが見つかりません。',
    parentInvalid: '親タグには、存在する別のタグを選んでください。',
    parentCycle: '親タグに、このタグ自身やその子孫は選べません。',
    numberInvalid: '表示順・階層・人気度には0以上の整数を入力してください。',
    levelInvalid: '階層には1以上の整数を入力してください。',
    popularityTagsInvalid: '人気度を更新するタグの指定が正しくありません。',
    tagCreated: 'タグを作成しました。',
    tagUpdated: 'タグを更新しました。',
    tagDeleted: 'タグを削除しました。',
    categoryCreated: 'カテゴリを追加しました。',
    categoryUpdated: 'カテゴリを更新しました。',
    categoryDeleted: 'カテゴリを削除しました。',
    popularityUpdated: 'タグの人気度を更新しました。',
  },
} as const;

/**
 * Japanese names of the report form's fields, used by "公開するには「…」が必要です。" and by the form's
 * labels. The tag fields reuse the system category names so both always say the same.
 */
export const REPORT_FIELD_LABELS = {
  title: 'タイトル',
  description: '感想',
  tips: '注意点・ポイント',
  duration: 'プレイ時間',
  gender: CATEGORY_NAMES.gender,
  sexualOrientation: CATEGORY_NAMES.sexualOrientation,
  role: CATEGORY_NAMES.role,
  playCategories: CATEGORY_NAMES.playCategory,
  playContents: CATEGORY_NAMES.playContent,
  tools: CATEGORY_NAMES.tools,
  play: 'プレイの流れ',
  mainImage: 'メイン画像',
} as const;
export type ReportFieldName = keyof typeof REPORT_FIELD_LABELS;
