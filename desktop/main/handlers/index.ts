import type { BridgeHandlers } from '../bridge/router';
import { appHandlers } from './app';
import { articleHandlers } from './article';
import { caseHandlers } from './cases';
import { checkHandlers } from './checks';
import { documentHandlers } from './documents';
import { libraryHandlers } from './library';
import { reportHandlers } from './reports';
import { searchHandlers } from './search';
import { settingsHandlers } from './settings';

/** Every channel's handler, one module per domain; a channel of the contract without one fails to compile. */
export const handlers = {
  ...appHandlers,
  ...settingsHandlers,
  ...libraryHandlers,
  ...documentHandlers,
  ...checkHandlers,
  ...searchHandlers,
  ...articleHandlers,
  ...caseHandlers,
  ...reportHandlers,
} satisfies BridgeHandlers;

export type { HandlerContext } from './context';
/** The upload of bytes (web host body, Electron IPC), for `createRouter`'s `uploadBytes`. */
export { uploadBytes } from './library';
