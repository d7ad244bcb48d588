import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { LibraryEntry } from '../../../shared/bridge';

// What the library's tests share: a query client per test, documents as the bridge lists them, and a
// fake of the bridge's progress events.

export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export type ProgressListener = (payload: unknown) => void;

/** The part of the bridge client the library uses for events, with a way to push one. */
export function fakeEvents() {
  const listeners = new Set<ProgressListener>();
  return {
    listeners,
    client: {
      on: (_event: string, listener: ProgressListener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    emit(payload: { taskId: string; stage: string; done: number; total: number | null }) {
      act(() => {
        for (const listener of [...listeners]) listener(payload);
      });
    },
  };
}

export function entry(overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    sourceVersionId: 'sv_budget',
    assetId: 'as_budget',
    title: 'Budget 2024',
    filename: 'budget-2024.pdf',
    mediaType: 'application/pdf',
    byteLength: 1_240_000,
    sha256: 'a'.repeat(64),
    url: null,
    addedAt: '2025-03-03T14:02:00.000Z',
    reading: {
      representationId: 'rep_budget',
      state: 'complete',
      code: null,
      reason: null,
      extractionMethod: 'text_layer',
      unitCount: 12,
      lost: [],
    },
    ...overrides,
  };
}

/** A promise with its resolve and reject at hand, so a test says when a bridge call answers. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A representation as `documents.publish` answers it (only what the library reads of it). */
export function representation(
  sourceVersionId: string,
  units: number,
  reading: { state?: string; code?: string | null; reason?: string | null; lost?: unknown[] } = {},
) {
  const state = reading.state ?? 'complete';
  return {
    representation_id: `rep_${sourceVersionId}`,
    source_version_id: sourceVersionId,
    format: 'pdf',
    state,
    code: reading.code ?? null,
    reason: reading.reason ?? null,
    extraction_method: 'text_layer',
    ...(state === 'complete' ? {} : { complete: false, lost: reading.lost ?? [] }),
    units: Array.from({ length: units }, (_, i) => ({ source_unit_id: `u${i}` })),
  };
}
