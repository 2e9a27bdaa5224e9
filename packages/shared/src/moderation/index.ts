export * from './actions';
export * from './messages';
export * from './responses';
export * from './schemas';
export * from './responseSchemas';
export * from './screenTexts';
