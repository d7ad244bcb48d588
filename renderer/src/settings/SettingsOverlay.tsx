import { useEffect } from 'react';
import { useWorkbenchUi } from '../ui-store';
import { SettingsDialog } from './SettingsDialog';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform);

/**
 * The settings dialog while the overlay is `settings`. Ctrl+, (⌘, on macOS) opens it from anywhere, even
 * where the app's keymap is not installed; opening is idempotent, so both listening never toggles it shut.
 */
export function SettingsOverlay() {
  const open = useWorkbenchUi((state) => state.overlay === 'settings');
  const closeOverlay = useWorkbenchUi((state) => state.closeOverlay);

  useEffect(() => {
    const mac = isMac();
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
      if (!mod || event.shiftKey || event.altKey || event.key !== ',') return;
      event.preventDefault();
      const ui = useWorkbenchUi.getState();
      if (ui.overlay !== 'settings') ui.openOverlay('settings');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return open ? <SettingsDialog onClose={closeOverlay} /> : null;
}
