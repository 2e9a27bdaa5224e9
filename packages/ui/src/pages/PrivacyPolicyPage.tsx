import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { buildPrivacyPolicy, PRIVACY_CONTACT_TEXTS } from '@hiraku/shared';
import { LegalDocumentView } from '../components/LegalDocumentView';
import { useSiteConfig } from '../config/SiteConfigContext';
import { useEndpointQuery } from '../query/endpointQuery';
import { PATHS } from '../routes/paths';

/**
 * The policy names the deployment's own support mailbox (SUPPORT_EMAIL), asked of the server unless the
 * host already gave it; until it is known the contact article says so, and if it cannot be had it points
 * to the contact form instead of guessing an address.
 */
export function PrivacyPolicyPage() {
  const given = useSiteConfig().supportEmail;
  // The server lets it be cached for five minutes too; a deployment changes it only on restart.
  const fetched = useEndpointQuery('site.config', undefined, { enabled: !given, staleTime: 300_000 });
  const supportEmail = given ?? fetched.data?.supportEmail ?? null;
  const policy = useMemo(() => buildPrivacyPolicy(supportEmail), [supportEmail]);
  const pending = fetched.isError ? (
    <p role="alert">
      {PRIVACY_CONTACT_TEXTS.failed} <Link to={PATHS.contactForm}>{PRIVACY_CONTACT_TEXTS.contactForm}</Link>
    </p>
  ) : (
    <p role="status">{PRIVACY_CONTACT_TEXTS.loading}</p>
  );
  return <LegalDocumentView document={policy} pendingContact={pending} />;
}
