import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge';
import { runCommand } from './commands';
import { isCommandId } from './keymap';
import { useThemeChoice } from './theme';

/** The Electron menu's choices, pushed by main as `menu` events: run like their keys; unknown names ignored. */
export function useMenuCommands(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return bridge().on('menu', ({ command }) => {
      if (isCommandId(command)) runCommand(command, client);
      else if (command === 'theme.system' || command === 'theme.light' || command === 'theme.dark')
        useThemeChoice.getState().choose(command.slice('theme.'.length) as 'system' | 'light' | 'dark');
    });
  }, [client, enabled]);
}
