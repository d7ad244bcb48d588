// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ArticleClaims } from '../../../shared/bridge';
import { ArticleView } from '../../../renderer/src/article/ArticleView';
import { useArticleDraft } from '../../../renderer/src/article/article-state';
import {
  BridgeRefusal,
  bridgeStub,
  checkedCase,
  renderWithQueries,
  useComponentTestSetup,
} from '../check/fixtures';

// An article given as a web address: while the page downloads and is read, the address and the step it is
// at, never anything that looks like a result; Stop asks the main process to cancel it; a failure in plain
// words from the service's codes, the address beside it; axe on each state.

useComponentTestSetup();
const initialDraft = useArticleDraft.getState();
type Listener = (payload: unknown) => void;
let listeners: Map<string, Set<Listener>>;

beforeEach(() => {
  useArticleDraft.setState(initialDraft, true);
  listeners = new Map();
  window.workbench!.on = (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  bridgeStub.handlers['library.list'] = () => [];
  bridgeStub.handlers['article.case'] = () => ({ case: null, otherTexts: [] });
  bridgeStub.handlers['article.candidates'] = () => ({ claim: null, candidates: [] });
});

function emit(payload: unknown) {
  act(() => {
    for (const listener of listeners.get('progress') ?? []) listener(payload);
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const URL = 'https://news.example.org/2015/12/gun-checks-soar';
const TEXT = 'Texas ran 56,941 handgun checks in November 2015.';
const READ: ArticleClaims = {
  article: {
    kind: 'url',
    sourceVersionId: 'sv_page',
    url: URL,
    title: 'Gun checks soar',
    sha256: 'e'.repeat(64),
    text: TEXT,
    readState: 'complete',
  },
  claims: [
    {
      order: 0,
      sentence: { start: 0, end: TEXT.length },
      span: { start: 0, end: TEXT.length },
      text: TEXT,
      numbers: [],
      relation: 'level',
      names: { words: [], periods: [], relative_period: null },
      problem: null,
      checkability: 0.9,
    },
  ],
};

async function giveAddress() {
  renderWithQueries(<ArticleView />);
  await userEvent.click(screen.getByRole('radio', { name: 'A web address' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Article’s web address' }), URL);
  await userEvent.click(screen.getByRole('button', { name: 'List the claims' }));
}

const axeViolations = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => v.id,
  );

describe('an article from a web address', () => {
  it('shows the address and each step while the page downloads and is read, then the claims', async () => {
    const reply = deferred<ArticleClaims>();
    bridgeStub.handlers['article.claims'] = () => reply.promise;
    await giveAddress();
    const reading = await screen.findByTestId('article-reading');
    expect(within(reading).getByTestId('article-reading-address').textContent).toBe(URL);
    const taskId = (bridgeStub.calls.find((c) => c.channel === 'article.claims')?.input as { taskId: string })
      .taskId;
    const steps = () =>
      within(reading)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-step'));
    expect(steps()).toEqual(['now', 'waiting', 'waiting']);
    // Focus was on the form's button, now gone: it is on Stop.
    expect(document.activeElement).toBe(within(reading).getByRole('button', { name: 'Stop' }));
    emit({ taskId, stage: 'fetch:downloading', done: 0, total: 1 });
    emit({ taskId: 'another-task', stage: 'claims:reading', done: 0, total: 1 });
    expect(steps()).toEqual(['now', 'waiting', 'waiting']);
    expect(within(reading).getAllByRole('listitem')[0]?.textContent).toBe(
      'Downloading the page: in progress',
    );
    emit({ taskId, stage: 'fetch:stored', done: 1, total: 1 });
    emit({ taskId, stage: 'claims:reading', done: 0, total: 1 });
    expect(steps()).toEqual(['done', 'done', 'now']);
    // Nothing reads as a result while it runs.
    expect(screen.queryByRole('listbox', { name: 'Claims' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'List the claims' })).toBeNull();
    expect(reading.getAttribute('aria-busy')).toBe('true');
    expect(await axeViolations()).toEqual([]);
    reply.resolve(READ);
    await screen.findByRole('listbox', { name: 'Claims' });
    expect(screen.queryByTestId('article-reading')).toBeNull();
  });

  it('stops the reading when asked, says what it left behind, and keeps the address to try again', async () => {
    const reply = deferred<ArticleClaims>();
    bridgeStub.handlers['article.claims'] = () => reply.promise;
    bridgeStub.handlers['article.cancel'] = () => {
      reply.reject(new BridgeRefusal('cancelled', 'The request was cancelled.'));
      return { cancelled: true };
    };
    await giveAddress();
    const reading = await screen.findByTestId('article-reading');
    const taskId = (bridgeStub.calls.find((c) => c.channel === 'article.claims')?.input as { taskId: string })
      .taskId;
    emit({ taskId, stage: 'fetch:downloading', done: 0, total: 1 });
    await userEvent.keyboard('{Enter}');
    expect(bridgeStub.calls.find((c) => c.channel === 'article.cancel')?.input).toEqual({ taskId });
    const stopped = await screen.findByTestId('article-cancelled');
    expect(stopped.textContent).toBe(
      'Stopped: the claims were not listed. If the page had finished downloading, it is in your library.',
    );
    expect(reading.isConnected).toBe(false);
    // Not a failure, and not a result.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('listbox', { name: 'Claims' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Article’s web address' }).value).toBe(URL);
    expect(await axeViolations()).toEqual([]);
  });

  it('lets Stop be pressed again when nothing was stopped yet', async () => {
    const reply = deferred<ArticleClaims>();
    bridgeStub.handlers['article.claims'] = () => reply.promise;
    bridgeStub.handlers['article.cancel'] = () => ({ cancelled: false });
    await giveAddress();
    const reading = await screen.findByTestId('article-reading');
    const stop = within(reading).getByRole('button', { name: 'Stop' });
    await userEvent.click(stop);
    await waitFor(() => expect(bridgeStub.calls.some((c) => c.channel === 'article.cancel')).toBe(true));
    await waitFor(() => expect(stop.getAttribute('aria-disabled')).toBe('false'));
    expect(stop.textContent).toBe('Stop');
    reply.resolve(READ);
    await screen.findByRole('listbox', { name: 'Claims' });
  });

  it('offers the copy kept in the library of an address checked before, read without a download', async () => {
    bridgeStub.handlers['library.list'] = () => [
      {
        sourceVersionId: 'sv_page_kept',
        assetId: 'ast_page_kept',
        title: 'Gun checks soar',
        filename: 'gun-checks-soar.html',
        mediaType: 'text/html',
        byteLength: 2048,
        sha256: 'c'.repeat(64),
        url: URL,
        addedAt: '2026-11-19T09:00:00.000Z',
        reading: null,
      },
    ];
    bridgeStub.handlers['article.case'] = (input) => {
      const { url } = input as { url: string | null };
      if (url !== URL) return { case: null, otherTexts: [] };
      const { readState: _readState, ...origin } = READ.article;
      return {
        case: checkedCase(null, {
          title: 'Article: Gun checks soar',
          article: { ...origin, sourceVersionId: 'sv_page_kept', text: null },
        }),
        otherTexts: [],
      };
    };
    bridgeStub.handlers['article.claims'] = () => ({
      ...READ,
      article: { ...READ.article, kind: 'source', sourceVersionId: 'sv_page_kept' },
    });
    renderWithQueries(<ArticleView />);
    await userEvent.click(screen.getByRole('radio', { name: 'A web address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Article’s web address' }), URL);
    const offer = await screen.findByTestId('article-kept-copy', {}, { timeout: 2_000 });
    expect(offer.textContent).toContain(
      'You checked this address before, in the case “Article: Gun checks soar”',
    );
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(offer).getByRole('button', { name: 'Read the kept copy' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    const asked = bridgeStub.calls.filter((c) => c.channel === 'article.claims').map((c) => c.input);
    expect(asked).toEqual([{ sourceVersionId: 'sv_page_kept', taskId: expect.stringMatching(/^article-/) }]);
  });

  it.each([
    [
      'a site that cannot be reached',
      new BridgeRefusal('upstream_failed', 'upstream 502', { serviceCode: 'upstream_unreachable' }),
      'The site could not be reached or did not give the file; check the address and try again.',
    ],
    [
      'an address that is not public',
      new BridgeRefusal('invalid_request', 'asset_url is not allowed', { serviceCode: 'invalid_asset_url' }),
      'This address is not a public web address',
    ],
    [
      'a site too slow to answer',
      new BridgeRefusal('upstream_timeout', 'download timed out', { serviceCode: 'upstream_timeout' }),
      'The site did not answer in time; try again.',
    ],
    [
      'a page with no text to read',
      new BridgeRefusal('invalid_request', 'source version sv_page has no text', {
        serviceCode: 'invalid_request',
        fields: ['source_version_id'],
      }),
      'The page was added to your library, but no text could be read from it',
    ],
    [
      'a service that does not answer',
      new BridgeRefusal('unreachable', 'connect ECONNREFUSED 127.0.0.1:8787'),
      'The evidence service is not answering.',
    ],
  ])('says in plain words why %s failed, with the address', async (what, refusal, words) => {
    bridgeStub.handlers['article.claims'] = () => {
      throw refusal;
    };
    await giveAddress();
    const alert = await screen.findByTestId('article-failure');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(`The article at ${URL} could not be read.`);
    expect(alert.textContent).toContain(words);
    // The same address refused again, or a page with no text read again, would fail alike.
    const again = within(alert).queryByRole('button', { name: 'Try again' });
    if (what === 'an address that is not public' || what === 'a page with no text to read')
      expect(again).toBeNull();
    else expect(again).not.toBeNull();
    expect(screen.queryByRole('listbox', { name: 'Claims' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('reads the page again when Try again is pressed after a failure', async () => {
    let calls = 0;
    bridgeStub.handlers['article.claims'] = () => {
      calls += 1;
      if (calls === 1) throw new BridgeRefusal('upstream_timeout', 'download timed out');
      return READ;
    };
    await giveAddress();
    const alert = await screen.findByTestId('article-failure');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    await waitFor(() => expect(screen.queryByTestId('article-failure')).toBeNull());
    const ids = bridgeStub.calls
      .filter((c) => c.channel === 'article.claims')
      .map((c) => (c.input as { taskId: string }).taskId);
    // Each reading is its own task.
    expect(new Set(ids).size).toBe(2);
  });
});
