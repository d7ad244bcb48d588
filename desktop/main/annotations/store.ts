import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically } from '../files/write-atomically';
import { z } from 'zod';
import {
  DocumentAnnotation,
  NO_ANNOTATION,
  type AnnotateRequest,
  type SearchAnnotations,
} from '../../../shared/bridge/annotations';

// What the person said about their documents (their own credibility rating and reason, a year the
// service does not know), kept by the workbench in one JSON file of the data folder, by source version
// id: the service has no field for it. Validated on every read and written atomically (temp file, fsync,
// rename). A file that fails validation is never overwritten: a change is refused, saying so.

const FILE = 'document-annotations.json';
const StoredAnnotations = z.strictObject({
  version: z.literal(1),
  documents: z.record(z.string().min(1).max(200), DocumentAnnotation),
});

export class AnnotationsUnreadableError extends Error {
  constructor(path: string) {
    super(`Your notes on documents (${path}) could not be read; the file was left as it is.`);
    this.name = 'AnnotationsUnreadableError';
  }
}

export interface AnnotationStore {
  /** What the person said about each of these documents (only those with something said). */
  of(sourceVersionIds: readonly string[]): SearchAnnotations;
  /** Applies a change (a member left out stays, null clears) and answers the document's annotation. */
  set(input: AnnotateRequest, now?: Date): DocumentAnnotation;
  /** Forgets a document (it left the library). */
  forget(sourceVersionId: string): void;
}

/** The store kept in the data folder's `document-annotations.json`. */
export function createAnnotationStore(dataDir: string): AnnotationStore {
  const path = join(dataDir, FILE);
  const read = (): Record<string, DocumentAnnotation> => {
    if (!existsSync(path)) return {};
    try {
      return StoredAnnotations.parse(JSON.parse(readFileSync(path, 'utf8'))).documents;
    } catch {
      throw new AnnotationsUnreadableError(path);
    }
  };
  const write = (documents: Record<string, DocumentAnnotation>) => {
    mkdirSync(dataDir, { recursive: true });
    writeAtomically(path, `${JSON.stringify({ version: 1, documents }, null, 2)}\n`);
  };
  return annotationStoreOver(read, write);
}

/** The same store kept in memory only (tests, and hosts without a data folder). */
export function memoryAnnotationStore(): AnnotationStore {
  let kept: Record<string, DocumentAnnotation> = {};
  return annotationStoreOver(
    () => kept,
    (documents) => {
      kept = documents;
    },
  );
}

function annotationStoreOver(
  read: () => Record<string, DocumentAnnotation>,
  write: (documents: Record<string, DocumentAnnotation>) => void,
): AnnotationStore {
  return {
    of(ids) {
      let documents: Record<string, DocumentAnnotation>;
      try {
        documents = read();
      } catch {
        // A search still answers when the notes cannot be read; changing them says why it cannot.
        return {};
      }
      const found: SearchAnnotations = {};
      for (const id of ids) if (Object.hasOwn(documents, id)) found[id] = documents[id]!;
      return found;
    },
    set(input, now = new Date()) {
      const documents = read();
      const id = input.sourceVersionId;
      const before = Object.hasOwn(documents, id) ? documents[id]! : NO_ANNOTATION;
      const next = DocumentAnnotation.parse({
        credibility:
          input.credibility === undefined
            ? before.credibility
            : input.credibility && {
                score: input.credibility.score,
                reason: input.credibility.reason ? input.credibility.reason : null,
                setAt: now.toISOString(),
              },
        year: input.year === undefined ? before.year : input.year,
      });
      const rest = Object.fromEntries(Object.entries(documents).filter(([key]) => key !== id));
      write(next.credibility === null && next.year === null ? rest : { ...rest, [id]: next });
      return next;
    },
    forget(id) {
      const documents = read();
      if (!Object.hasOwn(documents, id)) return;
      write(Object.fromEntries(Object.entries(documents).filter(([key]) => key !== id)));
    },
  };
}
