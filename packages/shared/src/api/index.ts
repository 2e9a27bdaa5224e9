export * from './auth';
export * from './profile';
export * from './reports';
export * from './comments';
export * from './taxonomy';
export * from './search';
export * from './accountExport';
export * from './contact';
