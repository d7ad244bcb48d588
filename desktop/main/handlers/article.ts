import type { FigureSearchResponse } from '../../../shared/api';
import { displaySafeSource } from '../../../shared/api/display';
import type {
  ArticleClaims,
  ArticleClaimsInput,
  ArticleOrigin,
  Case,
  CaseOfArticle,
  CaseOfArticleInput,
} from '../../../shared/bridge';
import { readValueQuery } from '../../../shared/search/value-query';
import { displayText, displayTitle } from '../../../shared/text/display-name';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import type { HandlerContext } from './context';
import { taskRegistry } from './tasks';
import { serviceCall } from './failures';

// Checking an article: its claims listed by the service, the figures that could back each, and figures
// found by the value a search names. Nothing here decides a claim: a candidate is checked by the same
// numeric check a person's own pick runs (`cases.save` then `cases.check`).

/** A document of the library as an article's origin: its display-safe name and the address it came from. */
async function sourceOrigin(
  context: HandlerContext,
  sourceVersionId: string,
): Promise<Pick<ArticleOrigin, 'title' | 'url'>> {
  const client = await context.client();
  const source = displaySafeSource(await serviceCall(() => client.getSource(sourceVersionId)));
  const { title, filename, url } = source.sourceMetadata;
  return { title: displayTitle(title, filename), url };
}

/** The figures found, with the names of their documents display-safe whatever the service answered. */
function displaySafeFigures(response: FigureSearchResponse): FigureSearchResponse {
  return {
    ...response,
    figures: response.figures.map((match) => ({
      ...match,
      source: {
        ...match.source,
        title: match.source.title === null ? null : displayText(match.source.title),
        filename: displayText(match.source.filename),
      },
    })),
  };
}

/**
 * Reads an article's claims: pasted text as it is; a web address downloaded into the library first; a
 * document of the library read. Progress goes to the page's task id; `signal` stops it (`cancelled`).
 */
async function readArticle(
  input: ArticleClaimsInput,
  context: HandlerContext,
  signal: AbortSignal | undefined,
): Promise<ArticleClaims> {
  const client = await context.client();
  const options = signal ? { signal } : undefined;
  const { taskId } = input;
  const progress = (stage: string, done: number) => {
    if (taskId !== undefined) context.emit('progress', { taskId, stage, done, total: 1 });
  };
  if ('text' in input) {
    progress('claims:reading', 0);
    const listed = await serviceCall(() => client.listClaims({ text: input.text }, options));
    return {
      article: {
        kind: 'text',
        sourceVersionId: null,
        url: null,
        title: null,
        sha256: listed.article.sha256,
        text: listed.article.text,
        readState: listed.article.state,
      },
      claims: listed.claims,
    };
  }
  let sourceVersionId: string;
  let kind: ArticleOrigin['kind'];
  if ('url' in input) {
    // The same guarded download as a web address added to the library: the service refuses an address
    // that is not public, and the page is kept, so the case can cite what was read.
    progress('fetch:downloading', 0);
    const stored = await serviceCall(() => client.fetchAsset({ url: input.url, retain: true }, options));
    if (stored.source_version_id === undefined)
      throw new BridgeFailure('not_kept', 'The service did not keep the page, so its claims cannot be read.');
    progress('fetch:stored', 1);
    sourceVersionId = stored.source_version_id;
    kind = 'url';
  } else {
    sourceVersionId = input.sourceVersionId;
    kind = 'source';
  }
  progress('claims:reading', 0);
  const listed = await serviceCall(() => client.listClaims({ source_version_id: sourceVersionId }, options));
  const origin = await sourceOrigin(context, sourceVersionId);
  return {
    article: {
      kind,
      sourceVersionId,
      url: 'url' in input ? input.url : origin.url,
      title: origin.title,
      sha256: listed.article.sha256,
      text: listed.article.text,
      readState: listed.article.state,
    },
    claims: listed.claims,
  };
}

/** The readings of articles running in each host, by the page's task id. */
const tasksOf = taskRegistry();

/** How closely a case's article is this one, when its text is the same: same document, same address. */
function closeness(c: Case, input: CaseOfArticleInput): number {
  const article = c.article!;
  if (input.sourceVersionId !== null && article.sourceVersionId === input.sourceVersionId) return 2;
  if (input.url !== null && article.url === input.url) return 1;
  return 0;
}

/**
 * The case of an article among all cases. Only a case made from the same text (its hash) can say where its
 * claims stand, since its spans index that text; the same document or address read to another text is
 * named apart, its checks never laid over these claims.
 */
export function caseOfArticle(cases: readonly Case[], input: CaseOfArticleInput): CaseOfArticle {
  const withArticle = cases.filter((c) => c.article !== undefined);
  if (input.sha256 === null) {
    // A web address not read yet: the case of the same document or address, to offer its kept copy.
    const of = withArticle
      .filter((c) => closeness(c, input) > 0)
      .sort((a, b) => closeness(b, input) - closeness(a, input) || b.updatedAt.localeCompare(a.updatedAt));
    return { case: of[0] ?? null, otherTexts: [] };
  }
  const same = withArticle
    .filter((c) => c.article!.sha256 === input.sha256)
    // The same document, then the same address, then the case changed last.
    .sort((a, b) => closeness(b, input) - closeness(a, input) || b.updatedAt.localeCompare(a.updatedAt));
  const otherTexts = withArticle
    .filter(
      (c) =>
        c.article!.sha256 !== input.sha256 &&
        ((input.sourceVersionId !== null && c.article!.sourceVersionId === input.sourceVersionId) ||
          (input.url !== null && c.article!.url === input.url)),
    )
    .slice(0, 20)
    .map((c) => ({ id: c.id, title: c.title }));
  return { case: same[0] ?? null, otherTexts };
}

export const articleHandlers = {
  'article.claims': async (input, context): Promise<ArticleClaims> => {
    const { taskId } = input;
    if (taskId === undefined) return readArticle(input, context, undefined);
    const tasks = tasksOf(context);
    if (tasks.has(taskId))
      throw new BridgeFailure('conflict', `A reading with the task id ${taskId} is already running.`);
    const controller = new AbortController();
    tasks.set(taskId, controller);
    // How the reading ended, so what shows the jobs running says it and lets it go.
    let end = 'claims:failed';
    try {
      const read = await readArticle(input, context, controller.signal);
      end = 'claims:listed';
      return read;
    } catch (error) {
      if (controller.signal.aborted) end = 'claims:stopped';
      throw error;
    } finally {
      tasks.delete(taskId);
      context.emit('progress', { taskId, stage: end, done: 1, total: 1 });
    }
  },
  'article.cancel': (input, context) => {
    const controller = tasksOf(context).get(input.taskId);
    if (!controller || controller.signal.aborted) return { cancelled: false };
    controller.abort();
    return { cancelled: true };
  },
  'article.case': (input, context) => caseOfArticle(context.cases.list(), input),
  'article.candidates': async (input, context) => {
    const client = await context.client();
    const exclude = [...new Set(input.excludeSourceVersionIds ?? [])];
    return serviceCall(() =>
      client.claimCandidates({
        claim: input.claim,
        ...(exclude.length > 0 ? { exclude } : {}),
        ...(input.context !== undefined && input.context !== '' ? { context: input.context } : {}),
      }),
    );
  },
  'figures.byValue': async (input, context) => {
    const query = readValueQuery(input.query);
    if (query === null)
      throw new BridgeFailure(
        'not_a_number',
        'Type one number to find the figures with that value ("56,941", "10.2%", "$1.2bn").',
      );
    const client = await context.client();
    const found = await serviceCall(() =>
      client.searchFigures({
        value: query.value,
        ...(query.unit !== null ? { unit: query.unit } : {}),
        tolerance: { written: query.written },
        ...(query.words !== '' ? { words: query.words } : {}),
        limit: 20,
      }),
    );
    return displaySafeFigures(found);
  },
} satisfies Pick<
  BridgeHandlers,
  'article.claims' | 'article.cancel' | 'article.case' | 'article.candidates' | 'figures.byValue'
>;
