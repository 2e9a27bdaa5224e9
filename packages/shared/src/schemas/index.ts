export * from './account';
export * from './profile';
export * from './ids';
export * from './report';
export * from './comment';
export * from './taxonomy';
export * from './contact';
export * from './analytics';
