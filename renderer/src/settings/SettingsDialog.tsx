import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSettings } from '../health';
import { SettingsForm } from './SettingsForm';
import { dialogKeyDown } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';

/**
 * The settings, in a modal dialog named by its heading: focus stays inside, Escape closes, and focus goes
 * back to where it was. The form starts from the settings in force.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const settings = useSettings();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => dialogKeyDown(event, panel.current, onClose);

  return (
    <ModalFrame
      title="Settings"
      titleId={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      testId="settings-dialog"
      width="xl"
      align="center"
      panelRef={panel}
      focusablePanel
    >
      {settings.isSuccess ? (
        <SettingsForm saved={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-rose-700 dark:text-rose-300">
          The settings could not be read: {settings.error.message}
        </p>
      ) : (
        <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300">Reading the settings…</p>
      )}
    </ModalFrame>
  );
}
