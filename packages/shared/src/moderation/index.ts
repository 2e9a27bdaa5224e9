export * from './actions';
export * from './responses';
export * from './schemas';
