import type { Extraction } from '../service/extract/extract';
import type { NewAsset } from '../service/store/contract';
import { transaction } from '../service/store/database';
import { publishRepresentation } from '../service/store/representations';
import { insertAsset } from '../service/store/source-versions';
import { Store } from '../service/store/store';

// Libraries of tens of thousands of units for measurements, written straight into an embedded store in
// one transaction: reading them through the service would take longer than the measurement itself, and
// what is measured (search, figures by value, candidates) reads the same rows either way.

/** A source to write: its asset's registration (any account) and the extraction published for it. */
export interface WrittenSource {
  asset: Omit<NewAsset, 'account_id'>;
  extraction: Extraction;
}

/** Writes each source and its representation for `accountId`, all in one transaction. */
export function writeSources(
  store: Store,
  accountId: string,
  sources: Iterable<WrittenSource>,
  extractorVersion: string,
): void {
  const db = Store.databaseForTests(store);
  transaction(db, () => {
    for (const s of sources) {
      const { sourceVersion } = insertAsset(db, { ...s.asset, account_id: accountId }, true);
      publishRepresentation(db, sourceVersion!.id, extractorVersion, s.extraction);
    }
  });
}
