// Long texts (terms, privacy policy, glossary, FAQ) in a chunk of their own: few visits need them.
export { FaqPage } from '../../pages/FaqPage';
export { GlossaryPage } from '../../pages/GlossaryPage';
export { PrivacyPolicyPage } from '../../pages/PrivacyPolicyPage';
export { TermsOfServicePage } from '../../pages/TermsOfServicePage';
