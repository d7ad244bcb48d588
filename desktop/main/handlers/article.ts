import type { FigureSearchResponse } from '../../../shared/api';
import { displaySafeSource } from '../../../shared/api/display';
import type { ArticleClaims, ArticleOrigin } from '../../../shared/bridge';
import { readValueQuery } from '../../../shared/search/value-query';
import { displayText, displayTitle } from '../../../shared/text/display-name';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import type { HandlerContext } from './context';
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

export const articleHandlers = {
  'article.claims': async (input, context): Promise<ArticleClaims> => {
    const client = await context.client();
    if ('text' in input) {
      const listed = await serviceCall(() => client.listClaims({ text: input.text }));
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
      const stored = await serviceCall(() => client.fetchAsset({ url: input.url, retain: true }));
      if (stored.source_version_id === undefined)
        throw new BridgeFailure(
          'not_kept',
          'The service did not keep the page, so its claims cannot be read.',
        );
      sourceVersionId = stored.source_version_id;
      kind = 'url';
    } else {
      sourceVersionId = (input as { sourceVersionId: string }).sourceVersionId;
      kind = 'source';
    }
    const listed = await serviceCall(() => client.listClaims({ source_version_id: sourceVersionId }));
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
  },
  'article.candidates': async (input, context) => {
    const client = await context.client();
    const exclude = input.excludeSourceVersionId === undefined ? [] : [input.excludeSourceVersionId];
    return serviceCall(() =>
      client.claimCandidates({ claim: input.claim, ...(exclude.length > 0 ? { exclude } : {}) }),
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
} satisfies Pick<BridgeHandlers, 'article.claims' | 'article.candidates' | 'figures.byValue'>;
