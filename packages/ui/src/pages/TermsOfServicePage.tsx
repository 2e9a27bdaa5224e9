import { TERMS_OF_SERVICE } from '@hiraku/shared';
import { LegalDocumentView } from '../components/LegalDocumentView';

export function TermsOfServicePage() {
  return <LegalDocumentView document={TERMS_OF_SERVICE} />;
}
