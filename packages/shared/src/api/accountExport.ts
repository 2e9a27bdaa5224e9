import type { PublicProfile } from './profile';
import type { ReportDetail } from './reports';

/** Everything the site holds about a member, downloadable from the その他 menu (docs/decisions.md, privacy policy). */
export interface AccountExport {
  exportedAt: string;
  account: {
    email: string;
    publicId: string;
    role: 'member' | 'operator';
    emailVerifiedAt: string | null;
    adultAttestedAt: string;
    createdAt: string;
  };
  profile: PublicProfile | null;
  reports: ReportDetail[];
  comments: Array<{ reportId: number; text: string; createdAt: string }>;
  likedReportIds: number[];
  searches: Array<{ query: string; searchedAt: string }>;
  enquiries: Array<{ category: string; name: string | null; email: string | null; content: string; createdAt: string }>;
}

