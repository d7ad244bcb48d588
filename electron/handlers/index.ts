import type { BridgeHandlers } from '../bridge/router';
import { appHandlers } from './app';

/** Every channel's handler, one module per domain; a channel of the contract without one fails to compile. */
export const handlers = {
  ...appHandlers,
} satisfies BridgeHandlers;

export type { HandlerContext } from './context';
