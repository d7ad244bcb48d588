import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWorkbenchUi } from '../ui-store';
import { runCommand } from './commands';
import { shortcutOfPress } from '../../../shared/vocabulary/commands';
import { isMacPlatform, isTypingTarget } from './platform';

/**
 * Installs the keymap's app-wide keys on the window: plain keys never fire while typing in a field,
 * combinations with Ctrl (Cmd) do; Escape closes the open overlay.
 */
export function useKeymap(): void {
  const client = useQueryClient();
  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const shortcut = shortcutOfPress(event, mac);
      if (shortcut === null || shortcut.command === null) return;
      const modified = shortcut.keys.some((combo) => combo.mod);
      if (shortcut.command === 'overlay.close') {
        if (useWorkbenchUi.getState().overlay === null) return;
      } else if (!modified && isTypingTarget(event.target)) return;
      event.preventDefault();
      runCommand(shortcut.command, client);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [client]);
}
