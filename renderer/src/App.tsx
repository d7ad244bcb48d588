import { ArticleButton } from './article/ArticleButton';
import { ArticleView } from './article/ArticleView';
import { CasesPanel } from './cases/CasesPanel';
import { CheckColumn } from './check/CheckColumn';
import { ImportAnnouncer } from './library/ImportAnnouncer';
import { LibraryPanel } from './library/LibraryPanel';
import { WindowDrop } from './library/WindowDrop';
import { Viewer } from './viewer/Viewer';
import { SettingsButton } from './settings/SettingsButton';
import { SettingsOverlay } from './settings/SettingsOverlay';
import { StatusBar } from './status/StatusBar';
import { useHealth } from './health';
import { useWorkbenchUi } from './ui-store';
import { bridge } from './bridge';
import { AppMenu } from './shell/AppMenu';
import { ShortcutsOverlay } from './shell/ShortcutsOverlay';
import { useKeymap } from './shell/use-keymap';
import { useMenuCommands } from './shell/use-menu-commands';
import { useThemeSync } from './shell/theme';
import { SearchButton } from './search/SearchButton';
import { SearchPanel } from './search/SearchPanel';
import { ReportOverlays, VerifyButton } from './reports/ReportOverlays';
import { GoToFigureOverlay } from './viewer/GoToFigure';

type AppState = 'loading' | 'ready' | 'error';

export function App() {
  const health = useHealth();
  const libraryOpen = useWorkbenchUi((state) => state.libraryOpen);
  const toggleLibrary = useWorkbenchUi((state) => state.toggleLibrary);
  const centre = useWorkbenchUi((state) => state.centre);
  const webHost = bridge().host === 'web';
  useThemeSync();
  useKeymap();
  useMenuCommands(!webHost);
  const appState: AppState = health.isPending ? 'loading' : health.isError ? 'error' : 'ready';

  return (
    <div
      data-testid="app-shell"
      data-app-state={appState}
      className="flex h-full flex-col bg-slate-100 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100"
    >
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-3">
          {webHost && <AppMenu />}
          <button
            type="button"
            onClick={toggleLibrary}
            aria-expanded={libraryOpen}
            aria-controls="library-panel"
            data-testid="toggle-library"
            className="rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
          >
            {libraryOpen ? 'Hide library' : 'Show library'}
          </button>
          <div>
            <h1 className="text-base font-semibold text-slate-900 dark:text-slate-100">Evidence Workbench</h1>
            <p className="text-xs text-slate-600 dark:text-slate-300">Every number traced to its source</p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <ArticleButton />
          <SearchButton />
          <VerifyButton />
          <SettingsButton />
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        {libraryOpen && (
          // The left sidebar: the library above the cases, each scrolling in its own share of the height.
          <div
            data-testid="sidebar"
            className="grid w-64 shrink-0 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,3fr)_minmax(0,2fr)] overflow-hidden xl:w-80"
          >
            <LibraryPanel />
            <CasesPanel />
          </div>
        )}
        {centre === 'article' ? <ArticleView /> : <Viewer />}
        <CheckColumn />
      </div>
      <StatusBar />
      <WindowDrop />
      <ImportAnnouncer />
      <ShortcutsOverlay />
      <SearchPanel />
      <SettingsOverlay />
      <ReportOverlays />
      <GoToFigureOverlay />
    </div>
  );
}
