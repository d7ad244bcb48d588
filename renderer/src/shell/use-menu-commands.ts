import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge';
import { runCommand } from './commands';
import { isCommandId, themeOfCommand } from '../../../shared/vocabulary/commands';
import { useThemeChoice } from './theme';

/** The Electron menu's choices, pushed by main as `menu` events: run like their keys; unknown names ignored. */
export function useMenuCommands(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return bridge().on('menu', ({ command }) => {
      if (isCommandId(command)) runCommand(command, client);
      else {
        const theme = themeOfCommand(command);
        if (theme !== null) useThemeChoice.getState().choose(theme);
      }
    });
  }, [client, enabled]);
}
