import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Citation, SearchResponse } from '../../../shared/api';
import { BridgeCallError } from '../bridge';
import { useWorkbenchUi } from '../ui-store';
import { EMPTY_FILTERS, hasFilters, searchRequestOf, type FilterDraft } from './filters';
import { useAddToCase, useOpenResult } from './open-result';
import { SearchFiltersForm } from './SearchFiltersForm';
import { annotationOf } from '../../../shared/search/person-ratings';
import { SearchResult } from './SearchResult';
import { FigureMatches } from './FigureMatches';
import { readValueQuery } from '../../../shared/search/value-query';
import { useSearchDraft } from './search-state';
import { SEARCH_PAUSE_MS, useSearch, useSettled } from './use-search';
import { STANCE_WORDING } from './wording';
import { keepFocusInside } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';

/** Whether a key event is Ctrl+K (Cmd+K on macOS): the search panel's key. */
export function isSearchKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}) {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

/**
 * The search panel (Ctrl+K / Cmd+K from anywhere): mounted once; the key opens it (open only, never a
 * toggle, so a global keymap binding the same key does no harm).
 */
export function SearchPanel() {
  const open = useWorkbenchUi((state) => state.overlay === 'search');
  const openOverlay = useWorkbenchUi((state) => state.openOverlay);
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.isComposing || !isSearchKey(event)) return;
      event.preventDefault();
      openOverlay('search');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openOverlay]);
  return open ? <SearchDialog /> : null;
}

/** Words for a failed search: what happened and what to do. */
function failureWords(error: Error, draft: FilterDraft): { text: string; fields: readonly string[] } {
  if (error instanceof BridgeCallError) {
    if (error.serviceCode === 'query_without_words')
      return {
        text: 'Your query has no words to search for, only punctuation or symbols. Type a word or a number.',
        fields: error.fields,
      };
    const filterFields = error.fields.filter((f) => f.startsWith('filters'));
    if (filterFields.length > 0) {
      const named = filterFields.map((field) => {
        const domain = /^filters\.domain\.(\d+)$/.exec(field);
        if (domain) {
          const entry = draft.domains.split(/[\s,]+/).filter((d) => d !== '')[Number(domain[1])];
          return `“${entry ?? 'a domain'}” is not a domain name: write a bare host name such as ons.gov.uk, without https://, a path or a port`;
        }
        if (field.startsWith('filters.publication_year'))
          return 'the year range was refused: use four-digit years, from no later than to';
        if (field.startsWith('filters.source_type')) return 'a source type was refused';
        return `the filter ${field} was refused`;
      });
      return {
        text: `The service refused a filter: ${named.join('; ')}. Fix the marked filter or clear it, then search again.`,
        fields: filterFields,
      };
    }
    if (error.code === 'invalid_input')
      return {
        text: `The search could not be sent: ${error.message} Check the query and filters.`,
        fields: [],
      };
  }
  return {
    text: `The search failed: ${error.message} Try again; if the service is remote, check its state in the status bar.`,
    fields: [],
  };
}

function resultsOf(response: SearchResponse): { primaries: Citation[]; mirrors: Map<string, Citation[]> } {
  const group = response.claim_groups?.[0];
  const citations = [...(group?.citations ?? response.citations ?? [])].sort((a, b) => a.rank - b.rank);
  const mirrors = new Map<string, Citation[]>();
  const primaries: Citation[] = [];
  for (const citation of citations) {
    if (citation.is_group_primary === false && citation.group_id !== undefined) {
      mirrors.set(citation.group_id, [...(mirrors.get(citation.group_id) ?? []), citation]);
    } else primaries.push(citation);
  }
  // A mirror whose primary is not among the results is shown as a result of its own.
  const shownGroups = new Set(primaries.map((c) => c.group_id));
  for (const [groupId, list] of mirrors)
    if (!shownGroups.has(groupId)) {
      primaries.push(...list);
      mirrors.delete(groupId);
    }
  primaries.sort((a, b) => a.rank - b.rank);
  return { primaries, mirrors };
}

const HAS_WORD = /[\p{L}\p{N}]/u;

function SearchDialog() {
  const closeOverlay = useWorkbenchUi((state) => state.closeOverlay);
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const {
    query,
    setQuery,
    filters: draft,
    setFilters: setDraft,
    showFilters,
    setShowFilters,
  } = useSearchDraft();
  const [busy, setBusy] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<string, { tone: 'status' | 'alert'; text: string }>>({});
  const restoreFocus = useRef(true);
  const openResult = useOpenResult();
  const addToCase = useAddToCase();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    input.current?.select();
    return () => {
      if (restoreFocus.current && opener?.isConnected) opener.focus();
    };
  }, []);

  const settledQuery = useSettled(query, SEARCH_PAUSE_MS);
  const noWords = settledQuery.trim() !== '' && !HAS_WORD.test(settledQuery);
  const built = useMemo(() => searchRequestOf(settledQuery, draft), [settledQuery, draft]);
  const problems = built.ok ? [] : built.problems;
  const request = built.ok && !noWords ? built.request : null;
  const search = useSearch(request);
  const failure = search.isError ? failureWords(search.error, draft) : null;
  const response = request !== null && !search.isError ? search.data : undefined;
  const results = useMemo(() => (response ? resultsOf(response) : null), [response]);
  const group = response?.claim_groups?.[0];
  const showsCurrent = response !== undefined && !search.isPlaceholderData;
  // A number typed ("56,941", "10.2%") also finds the figures with that value, above the passages.
  const valueQuery = useMemo(() => readValueQuery(settledQuery), [settledQuery]);

  const onOpen = useCallback(
    (citation: Citation) => {
      setBusy(citation.id);
      restoreFocus.current = false;
      openResult(citation).catch((error: unknown) => {
        restoreFocus.current = true;
        setBusy(null);
        setNotes((n) => ({
          ...n,
          [citation.id]: { tone: 'alert', text: error instanceof Error ? error.message : String(error) },
        }));
      });
    },
    [openResult],
  );
  const onAdd = useCallback(
    (citation: Citation) => {
      setBusy(citation.id);
      addToCase(citation, settledQuery.trim())
        .then((kept) =>
          setNotes((n) => ({
            ...n,
            [citation.id]: { tone: 'status', text: `Kept in the case “${kept.title}”.` },
          })),
        )
        .catch((error: unknown) =>
          setNotes((n) => ({
            ...n,
            [citation.id]: {
              tone: 'alert',
              text: `Not kept: ${error instanceof Error ? error.message : String(error)}`,
            },
          })),
        )
        .finally(() => setBusy(null));
    },
    [addToCase, settledQuery],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeOverlay();
      return;
    }
    if (isSearchKey(event)) {
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      return;
    }
    keepFocusInside(event, panel.current);
  };

  let body;
  if (settledQuery.trim() === '') {
    body = (
      <p className="px-1 text-sm text-slate-600 dark:text-slate-300">
        Type words or a number to find the passages of your documents that hold them. Put a phrase in double
        quotes to find it as written.
      </p>
    );
  } else if (noWords) {
    body = (
      <p
        role="alert"
        data-testid="search-no-words"
        className="px-1 text-sm text-amber-900 dark:text-amber-200"
      >
        Your query has no words to search for, only punctuation or symbols. Type a word or a number.
      </p>
    );
  } else if (!built.ok) {
    body = (
      <p
        role="alert"
        data-testid="search-filter-problem"
        className="px-1 text-sm text-red-700 dark:text-red-300"
      >
        Fix the marked filter to search: {problems.map((p) => p.message).join(' ')}
      </p>
    );
  } else if (failure !== null) {
    body = (
      <div role="alert" data-testid="search-refused" className="px-1 text-sm text-red-700 dark:text-red-300">
        <p>{failure.text}</p>
        {failure.fields.some((f) => f.startsWith('filters')) && (
          <button
            type="button"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
            }}
            className="mt-2 rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Clear the filters
          </button>
        )}
      </div>
    );
  } else if (results === null) {
    body = (
      <p role="status" className="px-1 text-sm text-slate-600 dark:text-slate-300">
        Searching…
      </p>
    );
  } else if (results.primaries.length === 0) {
    const searched = response?.search_metadata?.total_sources_searched;
    body = (
      <div
        role="status"
        data-testid="search-empty"
        className="px-1 text-sm text-slate-700 dark:text-slate-200"
      >
        {searched === 0 ? (
          <p>Your library has no read documents to search yet. Add files or a web address first.</p>
        ) : valueQuery !== null && !hasFilters(draft) ? (
          <p>
            No passage of your documents holds “<bdi>{settledQuery.trim()}</bdi>” as written.
          </p>
        ) : (
          <p>
            Nothing in your library matches “<bdi>{settledQuery.trim()}</bdi>”
            {hasFilters(draft) ? ' with these filters' : ''}. Try fewer or other words, another spelling
            {hasFilters(draft) ? ', or clear the filters' : ''}.
          </p>
        )}
        {hasFilters(draft) && (
          <button
            type="button"
            onClick={() => setDraft(EMPTY_FILTERS)}
            className="mt-2 rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Clear the filters
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {group !== undefined && (
          <p data-testid="search-stance" className="px-1 text-xs text-slate-600 dark:text-slate-300">
            Stance, as the service gives it: <span className="font-mono">{group.stance_summary}</span>.{' '}
            {STANCE_WORDING[group.stance_summary]}
          </p>
        )}
        <ol className="flex flex-col gap-2" aria-label="Results" data-testid="search-results">
          {results.primaries.map((citation) => (
            <li key={citation.id}>
              <SearchResult
                citation={citation}
                mirrors={citation.group_id ? (results.mirrors.get(citation.group_id) ?? []) : []}
                onOpen={onOpen}
                onAddToCase={onAdd}
                busy={busy === citation.id}
                note={notes[citation.id] ?? null}
                annotation={annotationOf(citation, response?.annotations ?? {})}
              />
            </li>
          ))}
        </ol>
      </>
    );
  }

  const count = results?.primaries.length ?? 0;
  return (
    <ModalFrame
      title="Search your evidence"
      titleId={titleId}
      onClose={closeOverlay}
      onKeyDown={onKeyDown}
      testId="search-panel"
      width="3xl"
      align="top"
      panelRef={panel}
    >
      <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <div className="flex gap-2">
          <label htmlFor={`${titleId}-query`} className="sr-only">
            Search query
          </label>
          <input
            ref={input}
            id={`${titleId}-query`}
            type="search"
            value={query}
            maxLength={10000}
            placeholder="Words, a number or a “quoted phrase”"
            onChange={(event) => setQuery(event.target.value)}
            data-testid="search-query"
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:focus-visible:outline-indigo-400"
          />
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls={`${titleId}-filters`}
            onClick={() => setShowFilters(!showFilters)}
            data-testid="toggle-search-filters"
            className="rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            Filters{hasFilters(draft) ? ' (on)' : ''}
          </button>
        </div>
        <div id={`${titleId}-filters`} hidden={!showFilters}>
          <SearchFiltersForm
            draft={draft}
            onChange={setDraft}
            problems={problems}
            refusedFields={failure?.fields ?? []}
          />
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {activeCaseId === null
            ? '“Add to case” starts a new case named after the query.'
            : '“Add to case” keeps the result in the open case.'}
        </p>
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        data-testid="search-body"
        data-state={showsCurrent ? 'current' : 'pending'}
        data-query={settledQuery.trim()}
      >
        <p role="status" className="sr-only">
          {results !== null && showsCurrent ? `${count} ${count === 1 ? 'result' : 'results'}` : ''}
        </p>
        {valueQuery !== null && <FigureMatches query={valueQuery} />}
        {body}
      </div>
    </ModalFrame>
  );
}
