import { useQueryClient } from '@tanstack/react-query';
import { ariaKeyshortcuts, shortcutFor } from '../../../shared/vocabulary/commands';
import { runCommand } from '../shell/commands';
import { isMacPlatform } from '../shell/platform';
import { useWorkbenchUi } from '../ui-store';

/** The header's "Check an article" button: the same command as its key and its menu entry. */
export function ArticleButton() {
  const client = useQueryClient();
  const shown = useWorkbenchUi((state) => state.centre === 'article');
  const keys = shortcutFor('article.open')?.keys ?? [];
  return (
    <button
      type="button"
      onClick={() => runCommand('article.open', client)}
      aria-pressed={shown}
      aria-keyshortcuts={ariaKeyshortcuts(keys, isMacPlatform())}
      data-testid="open-article"
      className="rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-900 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:aria-pressed:bg-indigo-950/60 dark:aria-pressed:text-indigo-100"
    >
      Check an article
    </button>
  );
}
