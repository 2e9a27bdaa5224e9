import { IMAGE_RULES, REMOVAL_GUIDELINES, REPORT_ILLEGAL_CONTENT } from '@hiraku/shared';
import { GuidePageView } from '../components/GuidePageView';

/** /removal-guidelines (削除ガイドライン). */
export function RemovalGuidelinesPage() {
  return <GuidePageView page={REMOVAL_GUIDELINES} />;
}

/** /image-rules (画像投稿のルール): linked from the image pickers too. */
export function ImageRulesPage() {
  return <GuidePageView page={IMAGE_RULES} />;
}

/** /report-illegal-content (違法・有害情報の通報先). */
export function ReportIllegalContentPage() {
  return <GuidePageView page={REPORT_ILLEGAL_CONTENT} />;
}
