import type { CaseArticle, ClaimSpan } from '../../../shared/bridge/article';
import { displayText } from '../../../shared/text/display-name';
import type { ReportCase, ReportCheck } from './model';

// A case made from an article, as its report lists it: the article's claims in the order they are
// written (by where each starts), each with the checks run on it, then the checks whose claim was not read
// from the article. The HTML and Markdown writers word and escape it; the checks keep their own numbers,
// the numbers their sections have, so the list points at them.

/** A check of the case with its 1-based number in the report. */
export interface NumberedCheck {
  number: number;
  check: ReportCheck;
}

/** One claim of the article: its place, its words and the checks run on it, in the case's order. */
export interface ArticleClaim {
  span: ClaimSpan;
  /** The claim as checked (the first check's claim: a check's claim is its words in the article). */
  claim: string;
  checks: NumberedCheck[];
}

export interface ArticleOrder {
  article: CaseArticle;
  /** By where each starts in the article, then where it ends. */
  claims: ArticleClaim[];
  /** Checks whose claim has no place in the article, in the case's order. */
  elsewhere: NumberedCheck[];
}

/** The case's checks in its article's order; null when the case was not made from an article. */
export function articleOrder(c: ReportCase): ArticleOrder | null {
  if (c.article === undefined) return null;
  const byPlace = new Map<string, ArticleClaim>();
  const elsewhere: NumberedCheck[] = [];
  c.checks.forEach((check, i) => {
    const numbered = { number: i + 1, check };
    const span = check.claimSpan;
    if (span === undefined) {
      elsewhere.push(numbered);
      return;
    }
    const key = `${span.start}:${span.end}`;
    const found = byPlace.get(key);
    if (found) found.checks.push(numbered);
    else byPlace.set(key, { span, claim: check.request.claim, checks: [numbered] });
  });
  const claims = [...byPlace.values()].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return { article: c.article, claims, elsewhere };
}

/**
 * The article's name as a report gives it: its document's title (or its address), or "pasted text" when
 * it was pasted, since pasted text has no other name; its sha256 is printed beside it.
 */
export function articleName(article: CaseArticle): string {
  if (article.kind === 'text') return 'pasted text';
  const title = article.title === null ? '' : displayText(article.title);
  if (title !== '') return title;
  if (article.url !== null) return displayText(article.url);
  return article.sourceVersionId === null
    ? 'a document of the library'
    : `document ${article.sourceVersionId}`;
}

/** How the article came into the case, in words. */
export const ARTICLE_KIND_WORDS: Record<CaseArticle['kind'], string> = {
  text: 'pasted text (kept in this report)',
  source: 'a document of the library',
  url: 'a web address, kept in the library',
};

/** A claim's place in words: "characters 120–184 of the article". */
export function placeWords(span: ClaimSpan): string {
  return `characters ${span.start}–${span.end} of the article`;
}
