// What the structure of a source shows around a figure: the row label, the column header, the period a
// header or label names, a basis qualifier, a table's scale note and currency. Pure: the service's numeric
// check reads it, and the workbench shows a picked figure's labels with it.

export * from './bands';
export * from './context';
export * from './periods';
export * from './passages';
