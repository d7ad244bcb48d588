import { z } from 'zod';
import {
  ClaimCandidatesResponse,
  ExtractionState,
  FigureSearchResponse,
  ListedClaim,
  MAX_ARTICLE_CHARACTERS,
  MAX_CLAIM_CANDIDATES,
  MAX_CLAIM_CHARACTERS,
  MAX_FIGURE_TEXT_LENGTH,
  TextSpan,
} from '../api';
import { Id, Sha256Hex } from '../api/common';

// "Check an article": what was said (pasted text, a web address, or a document of the library) read for
// its numeric claims, the library's figures that could back each, and any figure found by its value. A
// candidate is a suggestion only: checking it is the same numeric check a person's own pick runs.

/** The id a page gives one reading of an article, to follow its progress and to cancel it. */
export const ArticleTaskId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -');

/**
 * What the person gives as the article: its text, a document of the library, or a public web address.
 * `taskId`: the page follows the reading's progress events with it (`fetch:downloading`, `fetch:stored`,
 * `claims:reading`, then `claims:listed`, `claims:failed` or `claims:stopped`) and may cancel it (`article.cancel`).
 */
export const ArticleClaimsInput = z.union([
  z.strictObject({ text: z.string().min(1).max(MAX_ARTICLE_CHARACTERS), taskId: ArticleTaskId.optional() }),
  z.strictObject({ sourceVersionId: Id, taskId: ArticleTaskId.optional() }),
  z.strictObject({
    url: z
      .string()
      .url()
      .max(2000)
      .refine((u) => /^https?:\/\//i.test(u), 'an http or https URL'),
    taskId: ArticleTaskId.optional(),
  }),
]);
export type ArticleClaimsInput = z.infer<typeof ArticleClaimsInput>;

/** Stops the reading of an article the page started with `taskId`; `cancelled`: it was still running. */
export const ArticleCancelInput = z.strictObject({ taskId: ArticleTaskId });
export const ArticleCancelOutput = z.strictObject({ cancelled: z.boolean() });

/**
 * Where an article came from, as a case keeps it: pasted (its text kept, since it is nowhere else), a
 * document of the library, or a web address added to the library. `sha256` is of the text the claims'
 * spans index, so a span can be found again in the same text.
 */
export const ArticleOrigin = z.strictObject({
  kind: z.enum(['text', 'source', 'url']),
  /** The library's document the text was read from; null for pasted text. */
  sourceVersionId: Id.nullable(),
  /** The web address given; null unless `kind` is `url` (or the document was added from one). */
  url: z.string().max(2000).nullable(),
  /** The document's display-safe title or file name; null for pasted text. */
  title: z.string().max(2000).nullable(),
  sha256: Sha256Hex,
});
export type ArticleOrigin = z.infer<typeof ArticleOrigin>;

/** The article a case was made from: its origin, and its text when pasted (null otherwise). */
export const CaseArticle = ArticleOrigin.extend({
  text: z.string().max(MAX_ARTICLE_CHARACTERS).nullable(),
});
export type CaseArticle = z.infer<typeof CaseArticle>;

/** A claim's place in its article's text (`[start, end)`, UTF-16 code units). */
export const ClaimSpan = TextSpan.refine((span) => span.start < span.end, 'a span ends after it starts');
export type ClaimSpan = z.infer<typeof ClaimSpan>;

/** The article's claims: its text (what the spans index) and its claims, most checkable first. */
export const ArticleClaims = z.strictObject({
  article: ArticleOrigin.extend({
    text: z.string(),
    /** How a document was read (`partial`: some of it was not); null for pasted text. */
    readState: ExtractionState.nullable(),
  }),
  claims: z.array(ListedClaim),
});
export type ArticleClaims = z.infer<typeof ArticleClaims>;

/** The figures that could back one claim; the article's own documents are never among them. */
export const ArticleCandidatesInput = z.strictObject({
  claim: z.string().trim().min(1).max(MAX_CLAIM_CHARACTERS),
  /**
   * The article's documents in the library: the one read, and the same page downloaded before (the same
   * address given again is another document with the article's own numbers).
   */
  excludeSourceVersionIds: z.array(Id).max(MAX_CLAIM_CANDIDATES).optional(),
  /** The article's text: the sources its other numbers and words point to rank first among equals. */
  context: z.string().max(MAX_ARTICLE_CHARACTERS).optional(),
});
export type ArticleCandidatesInput = z.infer<typeof ArticleCandidatesInput>;
export { ClaimCandidatesResponse as ArticleCandidates };

/** A number as a person types it in search ("56,941", "10.2%", "$1.2bn", "almost 57,000 Texas"). */
export const FiguresByValueInput = z.strictObject({
  query: z.string().trim().min(1).max(MAX_FIGURE_TEXT_LENGTH),
});
export type FiguresByValueInput = z.infer<typeof FiguresByValueInput>;
export { FigureSearchResponse as FiguresByValue };
