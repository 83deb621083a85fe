export * from './api-error';
export * from './request';
