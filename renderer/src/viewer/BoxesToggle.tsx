import { useWorkbenchUi } from '../ui-store';
import { ViewToggle } from './ViewToggle';

/**
 * On pages dense with figures the boxes are drawn faintly, so the page can be read under them, until one
 * is pointed at or focused; this draws them all in full, or faint again.
 */
export function BoxesToggle() {
  const shown = useWorkbenchUi((state) => state.boxesShown);
  const toggle = useWorkbenchUi((state) => state.toggleBoxes);
  return (
    <ViewToggle
      pressed={shown}
      onToggle={toggle}
      title="Pages with many figures draw their boxes faintly until you point at one; show every box in full"
      testId="boxes-toggle"
      tone="sky"
      icon={
        <>
          <rect x="0.6" y="2.6" width="4.8" height="3" rx="0.5" />
          <rect x="6.6" y="2.6" width="4.8" height="3" rx="0.5" />
          <rect x="0.6" y="7.6" width="4.8" height="3" rx="0.5" />
          <rect x="6.6" y="7.6" width="4.8" height="3" rx="0.5" />
        </>
      }
    >
      Show all boxes
    </ViewToggle>
  );
}
