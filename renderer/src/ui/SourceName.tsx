import { displayTitle } from '../../../shared/text/display-name';

/**
 * A source's name wherever the UI shows one (library, viewer, cases, search): its title, else its file
 * name, display-safe (shared/text/display-name.ts) even if a name arrived unsafe, and isolated from the
 * text around it (`<bdi>`) so a right-to-left name cannot reorder its neighbours.
 */
export function SourceName({ filename, title = null }: { filename: string; title?: string | null }) {
  return <bdi data-testid="source-name">{displayTitle(title, filename)}</bdi>;
}
