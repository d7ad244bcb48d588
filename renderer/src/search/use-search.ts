import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SearchRequestInput } from '../../../shared/api';
import { callBridge } from '../bridge';

/** How long typing must pause before a search is sent (a search per keystroke is wasted on a remote service). */
export const SEARCH_PAUSE_MS = 40;

/** The value, once it has stopped changing for `ms`. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The service's answer to a search request; nothing is asked while the request is null. */
export function useSearch(request: SearchRequestInput | null) {
  return useQuery({
    queryKey: ['search', request] as const,
    queryFn: () => callBridge('search.query', request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
