import { BridgeFailure, type BridgeHandlers } from '../bridge/router';

// PLACEHOLDER while the report export is built in this session (issue 17); replaced before commit.
const notYet = (): never => {
  throw new BridgeFailure('not_built', 'Reports are being built.');
};

export const reportHandlers = {
  'reports.export': notYet,
  'reports.cancel': notYet,
  'reports.verify': notYet,
} satisfies Pick<BridgeHandlers, 'reports.export' | 'reports.cancel' | 'reports.verify'>;
