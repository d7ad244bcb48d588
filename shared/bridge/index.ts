export * from './names';
export * from './contract';
export * from './cases';
export * from './reports';
export * from './annotations';
export * from './article';
