export * from './names';
export * from './contract';
export * from './cases';
