import { useMemo } from 'react';
import { buildPrivacyPolicy } from '@hiraku/shared';
import { LegalDocumentView } from '../components/LegalDocumentView';
import { useSiteConfig } from '../config/SiteConfigContext';

export function PrivacyPolicyPage() {
  const { supportEmail } = useSiteConfig();
  const policy = useMemo(() => buildPrivacyPolicy(supportEmail), [supportEmail]);
  return <LegalDocumentView document={policy} />;
}
