export * from './legalDocument';
export * from './termsOfService';
export * from './privacyPolicy';
export * from './glossary';
export * from './faq';
export * from './landing';
export * from './shellTexts';
export * from './accountTexts';
