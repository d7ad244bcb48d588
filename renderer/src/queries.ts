import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BridgeInput, Case } from '../../shared/bridge';
import { callBridge } from './bridge';

// The data the renderer shows, from the main process through the bridge: one hook per question, keyed so
// that a change (an upload, a check, a judgment) refreshes exactly what it touched.

export const queryKeys = {
  library: ['library'] as const,
  representation: (id: string) => ['representation', id] as const,
  cases: ['cases'] as const,
  case: (id: string) => ['case', id] as const,
};

// The same questions for code that asks imperatively (`client.fetchQuery`, reopening a case): one key,
// one fetch, shared with the hooks.
/**
 * Every change this app makes to the library (upload, read, remove, a settings change) invalidates it, so
 * each viewer that mounts need not list the whole library again (thousands of entries) within a few seconds.
 */
export const libraryQuery = () =>
  queryOptions({
    queryKey: queryKeys.library,
    queryFn: () => callBridge('library.list', {}),
    staleTime: 10_000,
  });
/** Immutable, so never refetched once read. */
export const representationQuery = (representationId: string) =>
  queryOptions({
    queryKey: queryKeys.representation(representationId),
    queryFn: () => callBridge('documents.get', { representationId }),
    staleTime: Infinity,
  });
export const caseQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.case(id), queryFn: () => callBridge('cases.get', { id }) });

/** Every document of the library, newest first. */
export function useLibrary() {
  return useQuery(libraryQuery());
}

/** A representation (units, figures, positions); immutable, so never refetched once read. */
export function useRepresentation(representationId: string | null) {
  return useQuery({ ...representationQuery(representationId ?? ''), enabled: representationId !== null });
}

export function useCases() {
  return useQuery({ queryKey: queryKeys.cases, queryFn: () => callBridge('cases.list', {}) });
}

export function useCase(id: string | null) {
  return useQuery({ ...caseQuery(id ?? ''), enabled: id !== null });
}

/**
 * Saves (creates or changes) a case, then checks it: the service's answer is kept in the case. The saved
 * case is known (`onSaved`) even when the check then fails, so a re-run updates it instead of adding one.
 */
/**
 * Puts a case the main process answered with into the cache. A read of the same case still in flight
 * (the case opened a moment before, refetched on mount) is cancelled first: its answer, older than this
 * one, would otherwise land after it and show the case as it was before the change (a check's result
 * replaced by "not checked").
 */
async function putCase(client: QueryClient, theCase: Case): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.case(theCase.id), exact: true });
  client.setQueryData(queryKeys.case(theCase.id), theCase);
}

export function useSaveAndCheck(options: { onSaved?: (saved: Case) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BridgeInput<'cases.save'>) => {
      const saved = await callBridge('cases.save', input);
      await putCase(client, saved);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
      options.onSaved?.(saved);
      return callBridge('cases.check', { id: saved.id });
    },
    onSuccess: async (checked) => {
      await putCase(client, checked);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

export function useJudge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeInput<'cases.judge'>) => callBridge('cases.judge', input),
    onSuccess: async (judged) => {
      await putCase(client, judged);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

/**
 * Says which figure is which when the check could not tell: kept as the person's judgment, and the case
 * comes back checked again with their roles.
 */
export function useAssignRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeInput<'cases.assignRoles'>) => callBridge('cases.assignRoles', input),
    onSuccess: async (answered) => {
      await putCase(client, answered);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

/** Deletes a case; its entry leaves the list and its cached copy is dropped. */
export function useDeleteCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callBridge('cases.delete', { id }),
    onSuccess: (_deleted, id) => {
      client.removeQueries({ queryKey: queryKeys.case(id) });
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

/**
 * The titles of the cases that cite a document, asked when its removal is about to be confirmed; never
 * cached, since a case may have cited it a moment ago.
 */
export function useCasesCiting(sourceVersionId: string) {
  return useQuery({
    queryKey: [...queryKeys.library, 'citedBy', sourceVersionId],
    queryFn: () => callBridge('library.citedBy', { sourceVersionId }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Removes a document from the library. Fails `cited_by_cases` (naming the cases) unless `force`; the
 * cases keep their references, so their summaries are refreshed too.
 */
export function useRemoveDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeInput<'library.remove'>) => callBridge('library.remove', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.library });
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

/** A change to a case that answers with the case: kept in the cache, and the list refreshed. */
function useCaseChange<C extends 'cases.save' | 'cases.keepCheck' | 'cases.unkeep' | 'cases.setVerdict'>(
  channel: C,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeInput<C>) => callBridge(channel, input) as Promise<Case>,
    onSuccess: async (changed) => {
      await putCase(client, changed);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

/** Saves a case as it is (title, claim, figures) with new notes; the check is kept. */
export function useSaveNotes() {
  return useCaseChange('cases.save');
}

/** Keeps the case's current check (with the person's judgments) and starts the next claim. */
export function useKeepCheck() {
  return useCaseChange('cases.keepCheck');
}

/** Removes a kept check from its case. */
export function useUnkeep() {
  return useCaseChange('cases.unkeep');
}

/** Gives, replaces or clears the person's own verdict on a kept check. */
export function useSetVerdict() {
  return useCaseChange('cases.setVerdict');
}
