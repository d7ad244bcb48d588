import {
  PageSize,
  SOURCE_TYPES,
  type Citation,
  type DomainCategory,
  type DomainGroup,
  type SourceType,
} from '../../shared/api';
import { combinedRankScore, heuristicCredibility, recencyOf } from '../../shared/search/credibility';
import { cellInText, cellPassages } from '../../shared/structure/passages';
import { displayTitle } from '../../shared/text/display-name';
import type { SearchCandidate } from '../store/contract';
import { AUTHORITY, LOCAL_DOMAIN, domainCategory, isFactCheckSite } from './domains';
import { phrasePattern, type ParsedQuery } from './query';

// What a search makes of the candidates the store's index found (service/search/README.md): ranking by
// relevance, publisher category and recency; one citation per source with its snippet, credibility and
// domain group. No stance analysis: every group is "neutral" and no verdict is given.

const SNIPPET_CHARS = 240;

/** A candidate with its ranking factors (each 0..100). */
export interface RankedSource {
  candidate: SearchCandidate;
  domain: string;
  category: DomainCategory;
  relevance: number;
  authority: number;
  recency: number;
}

export { recencyOf };

/**
 * The best `limit` candidates by 0.75 × relevance + 0.15 × authority + 0.10 × recency (weights in the
 * README); relevance is relative to the best match (= 100).
 */
export function rankSources(
  candidates: readonly SearchCandidate[],
  limit: number,
  now = new Date(),
): RankedSource[] {
  const best = candidates[0]?.relevance ?? 1;
  const scored = candidates.map((candidate) => {
    const domain = candidate.domain ?? LOCAL_DOMAIN;
    const category = domainCategory(domain);
    const relevance = best > 0 ? Math.max(1, Math.round((100 * candidate.relevance) / best)) : 100;
    const authority = AUTHORITY[category];
    const recency = recencyOf(candidate.publication_year, now);
    return { candidate, domain, category, relevance, authority, recency };
  });
  const combined = (s: RankedSource) => combinedRankScore(s);
  scored.sort((a, b) => combined(b) - combined(a) || b.candidate.relevance - a.candidate.relevance);
  return scored.slice(0, limit);
}

/** The passage around the first match, cut at spaces, verbatim from the unit text; and the matches in it. */
function snippetOf(text: string, query: ParsedQuery): { snippet: string; ranges: [number, number][] } {
  const patterns = query.phrases.map(phrasePattern);
  let first = -1;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    const m = pattern.exec(text);
    if (m && (first === -1 || m.index < first)) first = m.index;
  }
  let start = 0;
  if (first > SNIPPET_CHARS / 3) {
    start = first - Math.floor(SNIPPET_CHARS / 3);
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, first)) end = space;
  }
  const snippet = text.slice(start, end);
  return { snippet, ranges: matchesIn(snippet, patterns) };
}

/** Every match of the phrases in `text`, in order. */
function matchesIn(text: string, patterns: readonly RegExp[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text))
      ranges.push([m.index, m.index + m[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return ranges;
}

/** The stored page object of a unit, or null (a sheet, text, or a page that does not read). */
function pageOf(json: string | null): PageSize | null {
  if (json === null) return null;
  try {
    const parsed = PageSize.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The passage of a table cell the query names by its row label and column headers together ("Texas
 * handgun": the row "Texas", the column "Handgun"), when no line of the text holds every phrase: the
 * cell's row as read (a long row cut to a window that ends just past the cell), the phrases and the cell
 * itself marked. Null otherwise.
 */
function cellSnippetOf(
  text: string,
  page: PageSize | null,
  query: ParsedQuery,
): { snippet: string; ranges: [number, number][] } | null {
  if (page === null || !page.tables?.length) return null;
  const patterns = query.phrases.map(phrasePattern);
  const holdsAll = (words: string) =>
    patterns.every((pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(words);
    });
  if (text.split('\n').some(holdsAll)) return null;
  for (const passage of cellPassages(page)) {
    if (!holdsAll(`${passage.heading} ${passage.text}`)) continue;
    const at = cellInText(text, page, passage);
    if (at === null) continue;
    let start = at.lineStart;
    if (at.end - start > SNIPPET_CHARS) {
      start = at.end - SNIPPET_CHARS;
      const space = text.indexOf(' ', start);
      if (space !== -1 && space < at.start) start = space + 1;
    }
    let end = Math.min(at.lineEnd, start + SNIPPET_CHARS);
    if (end < at.lineEnd) {
      const space = text.lastIndexOf(' ', end);
      if (space >= at.end) end = space;
    }
    const snippet = text.slice(start, end);
    const ranges = matchesIn(snippet, patterns);
    ranges.push([at.start - start, at.end - start]);
    ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { snippet, ranges };
  }
  return null;
}

/** One citation per ranked source, in rank order, and one group per domain (its best-ranked citation primary). */
export function citationsOf(
  ranked: readonly RankedSource[],
  query: ParsedQuery,
): { citations: Citation[]; domainGroups: DomainGroup[] } {
  const groups = new Map<string, DomainGroup>();
  const citations: Citation[] = ranked.map((s, i) => {
    const { candidate: row, domain, category } = s;
    const { snippet, ranges } =
      cellSnippetOf(row.unit_markdown, pageOf(row.unit_page), query) ?? snippetOf(row.unit_markdown, query);
    const id = `cit_${row.unit_id}`;
    let group = groups.get(domain);
    const primary = group === undefined;
    if (!group) {
      group = {
        group_id: `grp_${groups.size + 1}`,
        domain,
        domain_category: category,
        group_stance: 'neutral',
        primary_citation_id: id,
      };
      groups.set(domain, group);
    }
    const factCheck = isFactCheckSite(domain);
    const credibility = heuristicCredibility(s.authority, row.is_primary_source === 1, factCheck);
    const url = row.url ?? `evidence://${row.source_version_id}`;
    return {
      id,
      title: displayTitle(row.title, row.filename),
      url,
      snippet,
      author: domain,
      status: row.representation_state === 'complete' ? 'retained' : 'retained_partial',
      credibility_score: credibility,
      credibility_basis: 'heuristic',
      rank: i + 1,
      ranking_factors: {
        source_authority: s.authority,
        content_relevance: s.relevance,
        recency: s.recency,
      },
      ...((SOURCE_TYPES as readonly string[]).includes(row.source_type ?? '')
        ? { source_type: row.source_type as SourceType }
        : {}),
      source_metadata: {
        domain,
        domain_category: category,
        is_primary_source: row.is_primary_source === 1,
        is_fact_check_site: factCheck,
      },
      ...(row.publication_year !== null ? { publication_year: row.publication_year } : {}),
      group_id: group.group_id,
      is_group_primary: primary,
      highlight_ranges: ranges,
      evidence: {
        state: 'retained',
        originalUrl: row.url,
        finalUrl: row.url,
        contentHash: `sha256:${row.sha256}`,
        retrievedAt: row.registered_at,
        quoteMatch: snippet.length > 0 && row.unit_markdown.includes(snippet),
        retention: 'local',
        replayable: true,
      },
      source_version_id: row.source_version_id,
      representation_id: row.representation_id,
      source_unit_id: row.unit_id,
    };
  });
  return { citations, domainGroups: [...groups.values()] };
}
