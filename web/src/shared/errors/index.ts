export * from './error-to-toast';
export * from './load-error';
