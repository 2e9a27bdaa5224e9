export * from './legalDocument';
export * from './termsOfService';
export * from './privacyPolicy';
export * from './glossary';
export * from './faq';
export * from './trustPages';
