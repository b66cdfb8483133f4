export * from './catalogue.ts';
export * from './customers.ts';
export * from './messaging.ts';
export * from './orders.ts';
export * from './results.ts';
export * from './uploads.ts';
export * from './files.ts';
