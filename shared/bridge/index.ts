export * from './names';
export * from './contract';
