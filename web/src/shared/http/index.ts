export * from './api-error';
export * from './request';
export * from './parse-answer';
