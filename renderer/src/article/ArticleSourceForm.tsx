import { useId, useState, type FormEvent } from 'react';
import { MAX_ARTICLE_CHARACTERS } from '../../../shared/api/claims';
import type { ArticleClaimsInput } from '../../../shared/bridge';
import { displayTitle } from '../../../shared/text/display-name';
import { formatNumber } from '../check/figure-wording';
import { webAddressRefusal } from '../library/import-queue';
import { useLibrary } from '../queries';
import { useArticleDraft, type ArticleFrom } from './article-state';
import { useCaseOfAddress } from './use-article';

export const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

const FIELD = `w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400 ${FOCUS}`;

const FROM_WORDING: Record<ArticleFrom, string> = {
  text: 'Paste the text',
  url: 'A web address',
  library: 'A document in your library',
};

/**
 * What was said, given one of three ways: its text pasted, a public web address (added to the library
 * through the same guarded download as any address), or a document already in the library.
 */
export function ArticleSourceForm({ reading, onAsked }: { reading: boolean; onAsked?: () => void }) {
  const draft = useArticleDraft();
  const library = useLibrary();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const readable = (library.data ?? []).filter(
    (entry) => entry.reading?.state !== 'error' && entry.reading?.state !== 'unsupported',
  );
  // A web address checked before: its page is kept in the library, to read again without a download.
  const typedUrl = draft.from === 'url' && webAddressRefusal(draft.url) === null ? draft.url.trim() : null;
  const caseOfAddress = useCaseOfAddress(typedUrl);
  const keptId = caseOfAddress?.article?.sourceVersionId ?? null;
  const keptCopy = keptId === null ? undefined : readable.find((entry) => entry.sourceVersionId === keptId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let input: ArticleClaimsInput;
    if (draft.from === 'text') {
      const text = draft.text.trim();
      if (text === '') return setProblem('Paste the article’s text first.');
      if (text.length > MAX_ARTICLE_CHARACTERS)
        return setProblem(`An article can have at most ${formatNumber(MAX_ARTICLE_CHARACTERS)} characters.`);
      input = { text };
    } else if (draft.from === 'url') {
      const refusal = webAddressRefusal(draft.url);
      if (refusal !== null) return setProblem(refusal);
      input = { url: draft.url.trim() };
    } else {
      if (draft.sourceVersionId === '') return setProblem('Choose a document of your library first.');
      input = { sourceVersionId: draft.sourceVersionId };
    }
    setProblem(null);
    draft.ask(input);
    onAsked?.();
  };

  const problemId = `${id}-problem`;
  const described = problem !== null ? problemId : undefined;
  return (
    <form noValidate onSubmit={submit} data-testid="article-source" className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="sr-only">Where the article comes from</legend>
        {(Object.keys(FROM_WORDING) as ArticleFrom[]).map((from) => (
          <label key={from} className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="radio"
              name={`${id}-from`}
              value={from}
              checked={draft.from === from}
              onChange={() => {
                draft.setFrom(from);
                setProblem(null);
              }}
              className={`accent-indigo-600 ${FOCUS}`}
            />
            {FROM_WORDING[from]}
          </label>
        ))}
      </fieldset>
      {draft.from === 'text' && (
        <>
          <label htmlFor={`${id}-text`} className="sr-only">
            Article text
          </label>
          <textarea
            id={`${id}-text`}
            value={draft.text}
            onChange={(event) => draft.setText(event.target.value)}
            rows={4}
            placeholder="Paste an article, a speech or a press release"
            aria-invalid={problem !== null}
            aria-describedby={described}
            className={`${FIELD} resize-y`}
          />
        </>
      )}
      {draft.from === 'url' && (
        <>
          <label htmlFor={`${id}-url`} className="sr-only">
            Article’s web address
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={draft.url}
            onChange={(event) => draft.setUrl(event.target.value)}
            placeholder="https://…/article"
            aria-invalid={problem !== null}
            aria-describedby={described}
            className={FIELD}
          />
        </>
      )}
      {draft.from === 'library' && (
        <>
          <label htmlFor={`${id}-doc`} className="sr-only">
            Document
          </label>
          <select
            id={`${id}-doc`}
            value={draft.sourceVersionId}
            onChange={(event) => draft.setSourceVersionId(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={described}
            className={FIELD}
          >
            <option value="">
              {library.isPending
                ? 'Reading the library…'
                : readable.length === 0
                  ? 'No documents yet'
                  : 'Choose a document'}
            </option>
            {readable.map((entry) => (
              <option key={entry.sourceVersionId} value={entry.sourceVersionId}>
                {displayTitle(entry.title, entry.filename)}
              </option>
            ))}
          </select>
        </>
      )}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={reading}
          className={`rounded-md bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300 ${FOCUS}`}
        >
          {reading ? 'Reading the claims…' : 'List the claims'}
        </button>
        {draft.from === 'url' && (
          <p className="text-xs text-slate-600 dark:text-slate-300">The page is added to your library.</p>
        )}
      </div>
      {draft.from === 'url' && caseOfAddress !== null && keptCopy !== undefined && (
        <div
          data-testid="article-kept-copy"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-indigo-50 px-3 py-2 text-sm text-slate-800 dark:bg-indigo-950/50 dark:text-slate-200"
        >
          <p>
            You checked this address before, in the case “<bdi>{caseOfAddress.title}</bdi>”; its page is kept
            in your library.
          </p>
          <button
            type="button"
            disabled={reading}
            onClick={() => {
              setProblem(null);
              draft.ask({ sourceVersionId: keptCopy.sourceVersionId });
              onAsked?.();
            }}
            className={`rounded-md border border-indigo-300 bg-white px-2.5 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-700 dark:bg-slate-900 dark:text-indigo-200 dark:hover:bg-indigo-950/60 ${FOCUS}`}
          >
            Read the kept copy
          </button>
          <p className="basis-full text-xs text-slate-600 dark:text-slate-300">
            List the claims downloads the page again, as another document of your library.
          </p>
        </div>
      )}
      {problem !== null && (
        <p id={problemId} role="alert" className="text-sm text-rose-800 dark:text-rose-300">
          {problem}
        </p>
      )}
    </form>
  );
}
