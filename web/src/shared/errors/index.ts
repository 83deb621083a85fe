export * from './error-to-toast';
