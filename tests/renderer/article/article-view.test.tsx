// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimCandidatesResponse, ListedClaim } from '../../../shared/api';
import type { ArticleClaims, Case, CaseSaveInput } from '../../../shared/bridge';
import { ArticleView } from '../../../renderer/src/article/ArticleView';
import { useArticleDraft } from '../../../renderer/src/article/article-state';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  BridgeRefusal,
  bridgeStub,
  checkedCase,
  ESCALATE,
  libraryEntryOf,
  OTHER_CASE_ID,
  PICKED_B,
  REF_B,
  renderWithQueries,
  representationOf,
  SUPPORTED,
  texasCandidate,
  useComponentTestSetup,
} from '../check/fixtures';

// The article view: claims read from pasted text, lit in the text and listed with where each stands;
// a candidate checked through the same save-and-check as a person's own pick, into a case that keeps the
// article and the claim's span; unresolved outcomes never shown as success; the keyboard alone.

useComponentTestSetup();
const initialDraft = useArticleDraft.getState();
beforeEach(() => useArticleDraft.setState(initialDraft, true));

const TEXT = 'Texas ran 56,941 handgun checks in November 2015. Ohio ran 44,300 checks.';
const claim = (order: number, start: number, end: number, checkability: number): ListedClaim => ({
  order,
  sentence: { start, end },
  span: { start, end },
  text: TEXT.slice(start, end),
  numbers: [],
  relation: 'level',
  names: { words: [], periods: [], relative_period: null },
  problem: null,
  checkability,
});
const TEXAS = claim(0, 0, 49, 0.9);
const OHIO = claim(1, 50, TEXT.length, 0.5);
const READ: ArticleClaims = {
  article: {
    kind: 'text',
    sourceVersionId: null,
    url: null,
    title: null,
    sha256: 'd'.repeat(64),
    text: TEXT,
    readState: null,
  },
  claims: [TEXAS, OHIO],
};
const CANDIDATE = texasCandidate('56,941', 56941);

/** The bridge as the main process would answer; the case store is a single case kept here. */
function serve(check = SUPPORTED) {
  let saved: Case | null = null;
  bridgeStub.handlers['article.claims'] = () => READ;
  bridgeStub.handlers['article.candidates'] = (input): ClaimCandidatesResponse => {
    const { claim: text } = input as { claim: string };
    return { claim: null, candidates: text.startsWith('Texas') ? [CANDIDATE] : [] };
  };
  bridgeStub.handlers['library.list'] = () => [libraryEntryOf(PICKED_B, 'Handgun checks')];
  bridgeStub.handlers['documents.get'] = () => representationOf(PICKED_B);
  bridgeStub.handlers['cases.save'] = (input) => {
    const { id: _id, ...rest } = input as CaseSaveInput;
    saved = checkedCase(null, rest as Partial<Case>);
    return saved;
  };
  bridgeStub.handlers['cases.check'] = () => (saved = { ...saved!, check });
  bridgeStub.handlers['cases.get'] = () => saved;
  bridgeStub.handlers['cases.list'] = () => [];
  bridgeStub.handlers['article.case'] = (input) => {
    const { sha256 } = input as { sha256: string };
    return { case: saved?.article?.sha256 === sha256 ? saved : null, otherTexts: [] };
  };
}

async function pasteAndList() {
  renderWithQueries(<ArticleView />);
  await userEvent.type(screen.getByRole('textbox', { name: 'Article text' }), TEXT);
  await userEvent.click(screen.getByRole('button', { name: 'List the claims' }));
  return screen.findByRole('listbox', { name: 'Claims' });
}

describe('the article view', () => {
  it('lists the claims, lights each in the text, and says where each stands', async () => {
    serve();
    const list = await pasteAndList();
    expect(bridgeStub.calls.find((c) => c.channel === 'article.claims')?.input).toEqual({
      text: TEXT,
      taskId: expect.stringMatching(/^article-/),
    });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Texas ran 56,941'),
      expect.stringContaining('Ohio ran 44,300'),
    ]);
    await waitFor(() => expect(options[0]?.textContent).toContain('1 candidate'));
    await waitFor(() => expect(options[1]?.textContent).toContain('No candidate in your library'));
    const marks = screen
      .getByRole('region', { name: 'Article text, its claims marked' })
      .querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual([TEXAS.text, OHIO.text]);
    // The first claim is selected, and its candidate is shown with its labels.
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    const candidates = await screen.findByRole('list', { name: 'Candidates for the claim' });
    expect(candidates?.textContent).toContain('56,941');
    expect(candidates?.textContent).toContain('Texas · November 2015');
  });

  it('moves along the claims with the arrows, and Enter goes to the candidate’s Check button', async () => {
    serve();
    const list = await pasteAndList();
    await screen.findByRole('button', { name: 'Check with these figures' });
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(within(list).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    expect(list.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(within(list).getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check with these figures' }));
  });

  it('checks a candidate through the same save and check as a person’s pick, into a case of the article', async () => {
    serve();
    await pasteAndList();
    await userEvent.click(await screen.findByRole('button', { name: 'Check with these figures' }));
    await waitFor(() => expect(bridgeStub.calls.some((c) => c.channel === 'cases.check')).toBe(true));
    // No shortcut: no direct check, only the case's save and check.
    expect(bridgeStub.calls.some((c) => c.channel === 'checks.verify')).toBe(false);
    const save = bridgeStub.calls.find((c) => c.channel === 'cases.save')?.input as CaseSaveInput;
    expect(save).toMatchObject({
      claim: TEXAS.text,
      operands: [REF_B],
      claimSpan: TEXAS.span,
      article: { kind: 'text', sha256: 'd'.repeat(64), text: TEXT, sourceVersionId: null },
    });
    // The tray and the claim hold what was checked, as if the person had picked them.
    const ui = useWorkbenchUi.getState();
    expect(ui.claimDraft).toBe(TEXAS.text);
    expect(ui.operands.A?.ref).toEqual(REF_B);
    expect(ui.operands.B).toBeNull();
    const texas = screen.getAllByRole('option')[0]!;
    await waitFor(() =>
      expect(within(texas).getByTestId('claim-state').textContent).toBe(
        'Checked: Supported by the figures (not kept yet)',
      ),
    );
  });

  it('never shows an unresolved check as success', async () => {
    serve(ESCALATE);
    await pasteAndList();
    await userEvent.click(await screen.findByRole('button', { name: 'Check with these figures' }));
    const texas = screen.getAllByRole('option')[0]!;
    await waitFor(() =>
      expect(within(texas).getByTestId('claim-state').textContent).toMatch(
        /^Checked: Needs a person’s judgment/,
      ),
    );
    const state = within(texas).getByTestId('claim-state');
    expect(state.className).toContain('amber');
    expect(state.className).not.toContain('emerald');
    const badge = within(screen.getByTestId('candidate-outcome')).getByTestId('outcome-badge');
    expect(badge?.getAttribute('data-tone')).toBe('warning');
  });

  it('says what is wrong with a web address before asking for it', async () => {
    serve();
    renderWithQueries(<ArticleView />);
    await userEvent.click(screen.getByRole('radio', { name: 'A web address' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Article’s web address' }),
      'file:///etc/passwd',
    );
    await userEvent.click(screen.getByRole('button', { name: 'List the claims' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(bridgeStub.calls.some((c) => c.channel === 'article.claims')).toBe(false);
  });

  it('reads a document of the library as the article, and asks for no figures from it', async () => {
    serve();
    bridgeStub.handlers['article.claims'] = () => ({
      ...READ,
      article: {
        ...READ.article,
        kind: 'source',
        sourceVersionId: 'sv_sheet2024',
        title: 'Handgun checks',
        readState: 'complete',
      },
    });
    renderWithQueries(<ArticleView />);
    await userEvent.click(screen.getByRole('radio', { name: 'A document in your library' }));
    const documents = screen.getByRole('combobox', { name: 'Document' });
    await screen.findByRole('option', { name: 'Handgun checks' });
    await userEvent.selectOptions(documents, 'sv_sheet2024');
    await userEvent.click(screen.getByRole('button', { name: 'List the claims' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    expect(bridgeStub.calls.find((c) => c.channel === 'article.claims')?.input).toEqual({
      sourceVersionId: 'sv_sheet2024',
      taskId: expect.stringMatching(/^article-/),
    });
    // Read whole: no word of a partial read.
    expect(screen.queryByTestId('article-read-in-part')).toBeNull();
    await waitFor(() =>
      expect(bridgeStub.calls.find((c) => c.channel === 'article.candidates')?.input).toEqual({
        claim: TEXAS.text,
        excludeSourceVersionIds: ['sv_sheet2024'],
        // The article's text ranks the sources its other numbers point to first.
        context: TEXT,
      }),
    );
  });

  it('says when the document was read only in part', async () => {
    serve();
    const fromDocument = (readState: ArticleClaims['article']['readState']) => () => ({
      ...READ,
      article: { ...READ.article, kind: 'source' as const, sourceVersionId: 'sv_sheet2024', readState },
    });
    bridgeStub.handlers['article.claims'] = fromDocument('partial');
    renderWithQueries(<ArticleView />);
    await userEvent.click(screen.getByRole('radio', { name: 'A document in your library' }));
    await screen.findByRole('option', { name: 'Handgun checks' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Document' }), 'sv_sheet2024');
    await userEvent.click(screen.getByRole('button', { name: 'List the claims' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    expect(screen.getByTestId('article-read-in-part').textContent).toContain('Read in part');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('shows again the claims of the open case’s article, from the text the case keeps', async () => {
    serve();
    // A case keeps the article's origin and text, not how the service last read it.
    const { readState: _readState, ...article } = READ.article;
    bridgeStub.handlers['cases.get'] = () => checkedCase(null, { title: 'Article: gun checks', article });
    act(() => useWorkbenchUi.getState().setActiveCase(checkedCase(null).id));
    renderWithQueries(<ArticleView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show its claims' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    expect(bridgeStub.calls.find((c) => c.channel === 'article.claims')?.input).toMatchObject({ text: TEXT });
    expect(screen.getByTestId('article-origin').textContent).toContain('kept in the case');
  });

  it('shows a candidate’s figure where it was read, the keyboard on it', async () => {
    serve();
    act(() => useWorkbenchUi.getState().showArticle());
    await pasteAndList();
    await userEvent.click(await screen.findByRole('button', { name: 'Show in its document: 56,941' }));
    await waitFor(() => expect(useWorkbenchUi.getState().centre).toBe('document'));
    const ui = useWorkbenchUi.getState();
    expect(ui.openSourceVersionId).toBe(REF_B.source_version_id);
    expect(ui.openUnitIndex).toBe(PICKED_B.unitIndex);
    expect(ui.figureFocus).toEqual({
      figure: { sourceUnitId: REF_B.source_unit_id, index: REF_B.figure_index },
      place: 'text',
    });
  });

  it('says why the claims could not be read, and tries again when asked', async () => {
    serve();
    let calls = 0;
    bridgeStub.handlers['article.claims'] = () => {
      calls += 1;
      if (calls === 1) throw new BridgeRefusal('service_error', 'The service is busy.');
      return READ;
    };
    renderWithQueries(<ArticleView />);
    act(() => useArticleDraft.getState().ask({ text: TEXT }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The claims could not be read.');
    expect(alert.textContent).toContain('The service is busy.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('listbox', { name: 'Claims' });
    expect(calls).toBe(2);
  });

  it('has no axe violations with claims and candidates shown', async () => {
    serve();
    const { container } = renderWithQueries(<ArticleView />);
    act(() => useArticleDraft.getState().ask({ text: TEXT }));
    await screen.findByRole('button', { name: 'Check with these figures' });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('the article’s case, found among all cases', () => {
  /** A case of the article, not open, with Texas's check kept and the person's verdict on it. */
  const KEPT_CASE = (check = ESCALATE) =>
    checkedCase(null, {
      title: 'Article: gun checks',
      kept: [
        {
          id: 'check_0123456789',
          claim: TEXAS.text,
          operands: [REF_B],
          check,
          judgments: [],
          keptAt: '2026-11-20T10:06:00.000Z',
          claimSpan: TEXAS.span,
          verdict: { verdict: 'false', note: null, at: '2026-11-20T10:07:00.000Z', author: null },
        },
      ],
    });
  const caseOf = (theCase: Case) => {
    const { readState: _r, ...article } = READ.article;
    return { ...theCase, article };
  };

  it('shows where each claim stands when the article is read again, its case not open', async () => {
    serve();
    const stored = caseOf(KEPT_CASE());
    bridgeStub.handlers['article.case'] = () => ({ case: stored, otherTexts: [] });
    bridgeStub.handlers['cases.get'] = () => stored;
    expect(useWorkbenchUi.getState().activeCaseId).toBeNull();
    const list = await pasteAndList();
    const texas = within(list).getAllByRole('option')[0]!;
    await waitFor(() =>
      expect(within(texas).getByTestId('claim-state').textContent).toBe(
        'Checked: Needs a person’s judgment · Your verdict: False',
      ),
    );
    // An unresolved check with the person's verdict is still shown as unresolved, in amber.
    expect(within(texas).getByTestId('claim-state').className).toContain('amber');
    expect(bridgeStub.calls.find((c) => c.channel === 'article.case')?.input).toEqual({
      sha256: 'd'.repeat(64),
      sourceVersionId: null,
      url: null,
    });
    expect(screen.getByTestId('article-origin').textContent).toContain(
      'kept in the case “Article: gun checks”',
    );
    // The case stays closed: the Check column is the person's.
    expect(useWorkbenchUi.getState().activeCaseId).toBeNull();
  });

  it('keeps a new check of the article in its found case, not in a new one', async () => {
    serve();
    const stored = caseOf(KEPT_CASE());
    bridgeStub.handlers['article.case'] = () => ({ case: stored, otherTexts: [] });
    bridgeStub.handlers['cases.get'] = () => stored;
    bridgeStub.handlers['cases.save'] = (input) => ({ ...stored, ...(input as object) });
    bridgeStub.handlers['cases.check'] = () => ({ ...stored, check: SUPPORTED, claimSpan: OHIO.span });
    await pasteAndList();
    await userEvent.click(await screen.findByRole('button', { name: 'Check with these figures' }));
    await waitFor(() => expect(bridgeStub.calls.some((c) => c.channel === 'cases.save')).toBe(true));
    const save = bridgeStub.calls.find((c) => c.channel === 'cases.save')?.input as CaseSaveInput;
    expect(save.id).toBe(stored.id);
    expect(save.article).toBeUndefined();
  });

  it('says when a case checks another text of the page, and lays none of its checks over these claims', async () => {
    serve();
    bridgeStub.handlers['article.case'] = () => ({
      case: null,
      otherTexts: [{ id: OTHER_CASE_ID, title: 'Article: the page last week' }],
    });
    const list = await pasteAndList();
    const note = await screen.findByTestId('article-other-texts');
    expect(note.textContent).toContain('“Article: the page last week” checks another text');
    await waitFor(() => expect(within(list).getAllByRole('option')[0]?.textContent).toContain('1 candidate'));
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('says so when the cases cannot be looked through, so checks made before are not shown', async () => {
    serve();
    bridgeStub.handlers['article.case'] = () => {
      throw new BridgeRefusal('internal_error', 'The cases folder cannot be read.');
    };
    await pasteAndList();
    expect((await screen.findByTestId('article-case-failure')).textContent).toContain(
      'checks already made of its claims are not shown',
    );
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('the order of the claims', () => {
  // The service lists Ohio first (more checkable), though the article says Texas first.
  const SERVICE_ORDER: ArticleClaims = {
    ...READ,
    claims: [
      { ...OHIO, checkability: 0.95 },
      { ...TEXAS, checkability: 0.4 },
    ],
  };
  const names = (list: HTMLElement) =>
    within(list)
      .getAllByRole('option')
      .map((o) => (o.textContent ?? '').slice(0, 12));

  it('lists them as the article says them by default, numbered as their marks in the text', async () => {
    serve();
    bridgeStub.handlers['article.claims'] = () => SERVICE_ORDER;
    const list = await pasteAndList();
    expect(names(list)).toEqual(['1Texas ran 5', '2Ohio ran 44']);
    expect(within(list).getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    const text = screen.getByRole('region', { name: 'Article text, its claims marked' });
    expect([...text.querySelectorAll('[data-testid="claim-mark-number"]')].map((n) => n.textContent)).toEqual(
      ['1', '2'],
    );
    expect(screen.getByRole('radio', { name: 'As in the article' })).toHaveProperty('checked', true);
  });

  it('turns to most checkable first from the keyboard, keeping the selection and its mark in step', async () => {
    serve();
    bridgeStub.handlers['article.claims'] = () => SERVICE_ORDER;
    const list = await pasteAndList();
    // Ohio, the article's second claim, selected by its mark in the text.
    const text = screen.getByRole('region', { name: 'Article text, its claims marked' });
    await userEvent.click(text.querySelector('mark[data-claim="1"]')!);
    expect(within(list).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    const inArticle = screen.getByRole('radio', { name: 'As in the article' });
    inArticle.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Most checkable first' })).toHaveProperty('checked', true);
    expect(names(list)).toEqual(['2Ohio ran 44', '1Texas ran 5']);
    // The same claim is selected, in the list and in the text.
    expect(within(list).getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    expect(text.querySelector('mark[data-selected="true"]')?.getAttribute('data-claim')).toBe('1');
    // The arrows follow the order shown.
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(text.querySelector('mark[data-selected="true"]')?.getAttribute('data-claim')).toBe('0');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('brings the claim selected by its mark into view in the list, but leaves the list alone at first', async () => {
    serve();
    bridgeStub.handlers['article.claims'] = () => SERVICE_ORDER;
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const list = await pasteAndList();
      const inList = () => scrolled.filter((el) => list.contains(el));
      expect(inList()).toEqual([]);
      const text = screen.getByRole('region', { name: 'Article text, its claims marked' });
      await userEvent.click(text.querySelector('mark[data-claim="1"]')!);
      expect(inList().at(-1)?.getAttribute('data-claim')).toBe('1');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
