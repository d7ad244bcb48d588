import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Representation } from '../../../shared/api';
import type { LibraryEntry } from '../../../shared/bridge';
import { queryKeys } from '../../../renderer/src/queries';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { useReadings } from '../../../renderer/src/viewer/use-reading-progress';
import { Viewer } from '../../../renderer/src/viewer/Viewer';

/**
 * Sizes jsdom does not compute: the original pane is 632 × 800 pixels (so "fit width" draws a page
 * 600 pixels wide), or `paneWidth` wide, everything else 0; scrolling an element is a no-op.
 */
export function stubLayout(): void {
  stubPaneWidth(632);
}

/** As stubLayout, with the original pane `paneWidth` pixels wide (a narrow pane beside the text). */
export function stubPaneWidth(paneWidth: number): void {
  const size = (element: HTMLElement, width: number, height: number, axis: 'w' | 'h') =>
    element.dataset['testid'] === 'original-pane' ? (axis === 'w' ? width : height) : 0;
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return size(this, paneWidth, 800, 'w');
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return size(this, paneWidth, 800, 'h');
    },
  });
  Element.prototype.scrollTo = function scrollTo() {};
}

/**
 * The viewer with the library and representations already known, the document open at `unit` (and
 * `beside` it, what else the test needs of the workbench).
 */
export function renderViewer(
  entries: LibraryEntry[],
  representations: Representation[],
  open: string | null = entries[0]?.sourceVersionId ?? null,
  unit = 1,
  beside: ReactNode = null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.library, entries);
  for (const representation of representations)
    client.setQueryData(queryKeys.representation(representation.representation_id), representation);
  useWorkbenchUi.setState(useWorkbenchUi.getInitialState(), true);
  useReadings.setState(useReadings.getInitialState(), true);
  if (open !== null) useWorkbenchUi.getState().openDocument(open, unit);
  return render(
    <QueryClientProvider client={client}>
      <Viewer />
      {beside}
    </QueryClientProvider>,
  );
}

/** The text a person reads in an element: marks hidden from assistive technology left out. */
export function readableText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}
