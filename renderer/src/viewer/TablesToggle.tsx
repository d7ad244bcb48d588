import { useWorkbenchUi } from '../ui-store';
import { ViewToggle } from './ViewToggle';

/**
 * Outlines the tables read on the pages over the original, or hides them (T does the same). The tables
 * themselves are listed beside the page's text, for the keyboard and screen readers.
 */
export function TablesToggle({ tableCount }: { tableCount: number | null }) {
  const shown = useWorkbenchUi((state) => state.tablesShown);
  const toggle = useWorkbenchUi((state) => state.toggleTables);
  let hint = 'Outline the tables read on the pages (T)';
  if (tableCount === 0) hint = 'No tables were read in this document (T)';
  return (
    <ViewToggle
      pressed={shown}
      onToggle={toggle}
      title={hint}
      testId="tables-toggle"
      keys="T"
      tone="teal"
      icon={
        <>
          <rect x="0.6" y="0.6" width="10.8" height="10.8" rx="1" />
          <path d="M0.6 4.2h10.8M4.6 0.6v10.8" />
        </>
      }
    >
      Show tables
    </ViewToggle>
  );
}
