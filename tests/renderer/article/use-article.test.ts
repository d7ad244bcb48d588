import { describe, expect, it } from 'vitest';
import type { ArticleClaims, LibraryEntry } from '../../../shared/bridge';
import { articleDocuments } from '../../../renderer/src/article/use-article';
import { checkedCase } from '../check/fixtures';

// The article's own documents never answer for its claims: the one read, the same address downloaded
// before (another document of the library, with the article's own numbers), and its case's.

const URL = 'https://news.example.org/gun-checks';
const origin = (over: Partial<ArticleClaims['article']> = {}): ArticleClaims['article'] => ({
  kind: 'url',
  sourceVersionId: 'sv_page_now',
  url: URL,
  title: 'Gun checks',
  sha256: 'a'.repeat(64),
  text: 'Texas ran 56,941 handgun checks.',
  readState: 'complete',
  ...over,
});
const entry = (sourceVersionId: string, url: string | null): LibraryEntry => ({
  sourceVersionId,
  assetId: `ast_${sourceVersionId}`,
  title: null,
  filename: 'page.html',
  mediaType: 'text/html',
  byteLength: 100,
  sha256: 'b'.repeat(64),
  url,
  addedAt: '2026-11-20T10:00:00.000Z',
  reading: null,
});

describe('articleDocuments', () => {
  it('leaves out the page read, the same address downloaded before, and the case’s document', () => {
    const library = [
      entry('sv_page_now', URL),
      entry('sv_page_before', URL),
      entry('sv_sheet', null),
      entry('sv_other_page', 'https://news.example.org/other'),
    ];
    const { readState: _readState, ...first } = origin({ sourceVersionId: 'sv_page_first' });
    const theCase = checkedCase(null, { article: { ...first, text: null } });
    expect(articleDocuments(origin(), library, theCase)).toEqual([
      'sv_page_now',
      'sv_page_first',
      'sv_page_before',
    ]);
  });

  it('leaves out nothing for pasted text, and the document itself for a document of the library', () => {
    const library = [entry('sv_sheet', null)];
    expect(
      articleDocuments(origin({ kind: 'text', sourceVersionId: null, url: null }), library, null),
    ).toEqual([]);
    expect(
      articleDocuments(origin({ kind: 'source', sourceVersionId: 'sv_sheet', url: null }), library, null),
    ).toEqual(['sv_sheet']);
    expect(articleDocuments(undefined, library, null)).toEqual([]);
  });
});
