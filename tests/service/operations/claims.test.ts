import { describe, expect, it } from 'vitest';
import type { Representation } from '../../../shared/api';
import { listArticleClaims } from '../../../service/operations/claims';
import type { AccountService } from '../../../service/operations/service';

// A document read only in part lists the claims of what was read, and says so: its claims list is never
// taken for the whole document's.

const TEXT = 'Texas ran 56,941 handgun checks in November 2015.';

function accountReading(state: Representation['state']): AccountService {
  const representation = {
    representation_id: 'rep_1',
    source_version_id: 'sv_1',
    format: 'pdf',
    state,
    code: state === 'partial' ? 'partial_extraction' : null,
    reason: null,
    extraction_method: 'text_layer',
    units: [{ markdown: TEXT }],
  } as unknown as Representation;
  return { publishRepresentation: () => Promise.resolve(representation) } as unknown as AccountService;
}

describe('claims of a library document', () => {
  it('say how the document was read: in part, or whole', async () => {
    const partial = await listArticleClaims(accountReading('partial'), { source_version_id: 'sv_1' });
    expect(partial.article).toMatchObject({ kind: 'source', state: 'partial', text: TEXT });
    expect(partial.claims.map((c) => c.text)).toEqual([TEXT]);
    const whole = await listArticleClaims(accountReading('complete'), { source_version_id: 'sv_1' });
    expect(whole.article.state).toBe('complete');
  });

  it('say nothing of a read for a text given as it is', async () => {
    const given = await listArticleClaims(accountReading('complete'), { text: TEXT });
    expect(given.article).toMatchObject({ kind: 'text', state: null });
  });
});
