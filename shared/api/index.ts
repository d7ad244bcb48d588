export * from './common';
export * from './assets';
export * from './sources';
export * from './numeric';
export * from './extract';
export * from './representations';
export * from './search';
export * from './openapi';
