export * from './limits';
export * from './messages';
export * from './taxonomy';
export * from './errors';
export * from './text';
export * from './schemas';
export * from './api';
export * from './content';
