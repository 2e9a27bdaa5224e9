/**
 * Japanese text for generated reports. Sentences are written the way members write reports (plain,
 * first person, a little hesitant), with slots filled from the play vocabulary, so that searching
 * for 縄, 首輪, 初めて or アフターケア hits a realistic share of reports instead of all or none.
 */

// The demo seeder's generator (mulberry32): the same seed always makes the same data set.
import { createRandom, type Random } from '../../../server/src/seed/demo/random';

export { createRandom, type Random };

export const PLAYS = ['後手縛り', '亀甲縛り', 'スパンキング', '言葉責め', '寸止め', 'ろうそく', '目隠し', 'くすぐり', '放置プレイ', '首輪', '吊り', '鞭打ち', '拘束', '焦らし'] as const;
const PLACES = ['自宅', 'ラブホテル', 'レンタルルーム', '旅行先の旅館', '緊縛バー', '彼の部屋'] as const;
const PARTNERS = ['パートナー', '恋人', '夫', '妻', '彼', '彼女', 'ご主人様', '相方'] as const;
const FEELINGS = ['安心感', 'ドキドキ', '信頼', '解放感', '背徳感', '一体感', '達成感', '緊張'] as const;

const TITLE_TEMPLATES = [
  '初めての{play}',
  '{play}で感じた{feeling}',
  '{partner}との{play}体験',
  '{place}で{play}',
  '久しぶりの{play}と{feeling}',
  '{play}に挑戦した夜',
  '{play}のあとのアフターケア',
  '{feeling}でいっぱいの{play}',
  '二回目の{play}レポート',
  '{partner}に{play}してもらった',
] as const;

const FEELING_SENTENCES = [
  '最初はとても緊張していましたが、{partner}が何度も声をかけてくれたので少しずつ力が抜けていきました。',
  '{play}は前から興味があったものの、実際にやってみると想像していたよりずっと{feeling}がありました。',
  '縄が肌に触れた瞬間の感触がいまでも忘れられません。',
  '終わったあとに二人で温かいお茶を飲みながら感想を話したのが一番の思い出です。',
  '途中で少し怖くなって合図を出しましたが、すぐに止めてもらえて信頼が深まりました。',
  '目隠しをされると音や匂いに敏感になって、普段とまったく違う感覚でした。',
  '{place}は防音がしっかりしていて、声を気にせずに集中できました。',
  '首輪をつけてもらうと気持ちが切り替わって、自然と従う気持ちになりました。',
  '正直に言うと、思っていたほど痛くはなく、むしろ心地よさのほうが大きかったです。',
  '{partner}の手が震えていたのに気づいて、お互い初めてなんだと思うと愛おしくなりました。',
  'ろうそくの熱さは一瞬で、そのあとにじんわり広がる温かさが好きでした。',
  '言葉責めは恥ずかしさが先に立ちましたが、だんだんと気持ちが高まっていきました。',
  '時間を忘れるほど没頭して、気がつけば二時間近く経っていました。',
  '翌日に少し縄の跡が残っていて、それを見るたびに思い出してしまいます。',
  'やってみて分かったのは、事前の話し合いがいちばん大切だということです。',
  '寸止めを繰り返されるうちに、頭の中が真っ白になっていきました。',
  '終わったあとは心も体もすっきりしていて、よく眠れました。',
  '次はもう少し長い時間、{play}に挑戦してみたいと話しています。',
] as const;

const TIP_SENTENCES = [
  '始める前にセーフワードを必ず決めておきましょう。',
  '安全ばさみは手の届く場所に置いておくと安心です。',
  '縛る前に手足のしびれの確認方法を二人で練習しておくとよいです。',
  '低温ろうそくでも、肌から三十センチ以上離して垂らすのがおすすめです。',
  '水分補給とアフターケアの時間を最初から予定に入れておきましょう。',
  '初めてのときは短い時間から始めて、少しずつ慣らしていくのが大切です。',
  '体調が悪い日は無理をせず、また別の日にしましょう。',
  '終わったあとにどこがよかったか、どこが怖かったかを話し合うと次に活かせます。',
  '鞭はいきなり強く打たず、軽く当てるところから始めてください。',
  '首や関節の近くは縛らないように注意してください。',
] as const;

const STEP_SENTENCES = [
  'まずは二人でその日の体調と、やりたいこと・やりたくないことを確認しました。',
  'セーフワードを「{safeword}」に決めて、声が出せないときの合図も決めました。',
  '服を脱いで、部屋の温度を少し高めに設定しました。',
  '目隠しをしてもらい、しばらく何もされない時間がありました。',
  '{partner}が縄を取り出し、ゆっくりと後手縛りを始めました。',
  '胸の上下に縄をかけて、締めつけ具合を何度も確認してもらいました。',
  '首輪とリードをつけて、部屋の中を四つん這いで歩きました。',
  'お尻を軽く叩かれるところから始まり、少しずつ強くなっていきました。',
  '低温ろうそくを背中にゆっくり垂らしてもらいました。',
  '耳元でささやかれる言葉に、だんだん呼吸が荒くなっていきました。',
  '限界の手前で止められることを何度か繰り返しました。',
  '縄をほどいてもらい、しびれがないか手足を確認しました。',
  '毛布にくるまって水を飲み、しばらく抱きしめてもらいました。',
  '最後にお互いの感想を話して、次にやってみたいことを決めました。',
] as const;

const SAFEWORDS = ['レッド', 'ストップ', 'りんご', 'バナナ', 'まって'] as const;

const TOOLS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['麻縄', ['7m×2本', '8m×3本', '10m×1本']],
  ['綿ロープ', ['5m×2本', '8m×1本']],
  ['安全ばさみ', ['1本']],
  ['首輪', ['1個']],
  ['リード', ['1本']],
  ['目隠し', ['1枚']],
  ['手錠', ['1組']],
  ['拘束ベルト', ['2本', '4本']],
  ['低温ろうそく', ['2本', '3本']],
  ['バラ鞭', ['1本']],
  ['乗馬鞭', ['1本']],
  ['パドル', ['1枚']],
  ['洗濯ばさみ', ['6個', '10個']],
  ['ローター', ['1個']],
  ['バスタオル', ['2枚']],
  ['ペットボトルの水', ['2本']],
];

const DURATIONS = ['30分', '約1時間', '1時間半', '2時間', '3時間くらい', '一晩'] as const;

const COMMENT_SENTENCES = [
  'とても参考になりました！',
  'アフターケアの話がすてきでした。',
  '私も後手縛りに挑戦してみたくなりました。',
  'セーフワードの決め方、真似させてもらいます。',
  '読んでいてドキドキしました。',
  '安全面の注意まで書いてあって助かります。',
  '次のレポートも楽しみにしています。',
  'ろうそくの距離の話、知らなかったです。',
] as const;

const USER_NAME_PARTS = ['なわ', 'しずく', 'よる', 'つき', 'ねこ', 'りん', 'ゆう', 'みお', 'そら', 'かえで', 'ひかり', 'あお'] as const;

function fill(template: string, random: Random): string {
  return template
    .replace(/\{play\}/g, () => random.pick(PLAYS))
    .replace(/\{place\}/g, () => random.pick(PLACES))
    .replace(/\{partner\}/g, () => random.pick(PARTNERS))
    .replace(/\{feeling\}/g, () => random.pick(FEELINGS))
    .replace(/\{safeword\}/g, () => random.pick(SAFEWORDS));
}

function sentences(pool: readonly string[], min: number, max: number, random: Random): string {
  const count = random.int(min, max);
  // Distinct sentences: a report that says the same thing twice reads like a generator, not a member.
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, pool.length)) chosen.add(random.pick(pool));
  return [...chosen].map((template) => fill(template, random)).join('');
}

/** Characters, not UTF-16 units: the columns count characters. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

export interface ReportText {
  title: string;
  description: string;
  tips: string;
  duration: string;
  tools: Array<{ name: string; quantity: string }>;
  steps: string[];
}

export function reportText(random: Random): ReportText {
  const toolCount = random.int(1, 5);
  const tools: ReportText['tools'] = [];
  const used = new Set<string>();
  while (tools.length < toolCount) {
    const [name, quantities] = random.pick(TOOLS);
    if (used.has(name)) continue;
    used.add(name);
    tools.push({ name, quantity: random.pick(quantities) });
  }
  const stepCount = random.int(3, 8);
  const steps: string[] = [];
  for (let i = 0; i < stepCount; i += 1) steps.push(sentences(STEP_SENTENCES, 1, 2, random));
  return {
    title: cut(fill(random.pick(TITLE_TEMPLATES), random), 30),
    description: sentences(FEELING_SENTENCES, 3, 7, random),
    tips: sentences(TIP_SENTENCES, 1, 4, random),
    duration: random.pick(DURATIONS),
    tools,
    steps,
  };
}

export function commentText(random: Random): string {
  return sentences(COMMENT_SENTENCES, 1, 2, random);
}

/** At most 20 characters (LIMITS.usernameMax); the number keeps them apart. */
export function username(index: number, random: Random): string {
  return `${random.pick(USER_NAME_PARTS)}${random.pick(USER_NAME_PARTS)}${index + 1}`;
}

/** The rotation of search words used by the benchmark: glossary words, plays and everyday words. */
export const SEARCH_QUERIES = ['縄', '首輪', '初めて', 'アフターケア', 'ろうそく', '後手縛り', '目隠し', '信頼', '言葉責め', '鞭', 'セーフワード', '寸止め'] as const;
