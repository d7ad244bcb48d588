import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeInput } from '../../shared/bridge';
import { callBridge } from './bridge';

// The data the renderer shows, from the main process through the bridge: one hook per question, keyed so
// that a change (an upload, a check, a judgment) refreshes exactly what it touched.

export const queryKeys = {
  library: ['library'] as const,
  representation: (id: string) => ['representation', id] as const,
  cases: ['cases'] as const,
  case: (id: string) => ['case', id] as const,
};

/** Every document of the library, newest first. */
export function useLibrary() {
  return useQuery({ queryKey: queryKeys.library, queryFn: () => callBridge('library.list', {}) });
}

/** A representation (units, figures, positions); immutable, so never refetched once read. */
export function useRepresentation(representationId: string | null) {
  return useQuery({
    queryKey: queryKeys.representation(representationId ?? ''),
    queryFn: () => callBridge('documents.get', { representationId: representationId ?? '' }),
    enabled: representationId !== null,
    staleTime: Infinity,
  });
}

export function useCases() {
  return useQuery({ queryKey: queryKeys.cases, queryFn: () => callBridge('cases.list', {}) });
}

export function useCase(id: string | null) {
  return useQuery({
    queryKey: queryKeys.case(id ?? ''),
    queryFn: () => callBridge('cases.get', { id: id ?? '' }),
    enabled: id !== null,
  });
}

/** Saves (creates or changes) a case, then checks it: the service's answer is kept in the case. */
export function useSaveAndCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BridgeInput<'cases.save'>) => {
      const saved = await callBridge('cases.save', input);
      return callBridge('cases.check', { id: saved.id });
    },
    onSuccess: (checked) => {
      client.setQueryData(queryKeys.case(checked.id), checked);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
  });
}

export function useJudge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BridgeInput<'cases.judge'>) => callBridge('cases.judge', input),
    onSuccess: (judged) => {
      client.setQueryData(queryKeys.case(judged.id), judged);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
    },
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
