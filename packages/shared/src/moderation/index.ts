export * from './actions';
export * from './responses';
export * from './schemas';
export * from './cases';
export * from './caseSchemas';
export * from './caseResponses';
export * from './memberStage';
export * from './noticeTemplates';
