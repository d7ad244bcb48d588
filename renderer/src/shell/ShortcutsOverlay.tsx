import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useWorkbenchUi } from '../ui-store';
import { comboLabel, KEYMAP, type Shortcut } from '../../../shared/vocabulary/commands';
import { isMacPlatform } from './platform';
import { dialogKeyDown } from '../ui/focus-trap';
import { ModalFrame } from '../ui/ModalFrame';

const GROUPS: readonly Shortcut['group'][] = [
  'Workbench',
  'Library',
  'Viewer',
  'Check',
  'Article',
  'Reports',
  'Dialogs',
];

/** The list of every key the app binds (?), drawn from the keymap's table so it cannot drift from it. */
export function ShortcutsOverlay() {
  const open = useWorkbenchUi((state) => state.overlay === 'shortcuts');
  return open ? <ShortcutsDialog /> : null;
}

function ShortcutsDialog() {
  const closeOverlay = useWorkbenchUi((state) => state.closeOverlay);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const mac = isMacPlatform();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    dialogKeyDown(event, panel.current, closeOverlay, 'button, [tabindex="0"]');

  return (
    <ModalFrame
      title="Keyboard shortcuts"
      titleId={titleId}
      onClose={closeOverlay}
      onKeyDown={onKeyDown}
      testId="shortcuts-overlay"
      width="2xl"
      align="center"
      panelRef={panel}
      closeRef={closeButton}
    >
      <div
        tabIndex={0}
        aria-label="Shortcuts"
        className="min-h-0 overflow-y-auto px-5 py-3 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
      >
        {GROUPS.map((group) => (
          <section key={group} aria-labelledby={`${titleId}-${group}`} className="mb-4 last:mb-0">
            <h3
              id={`${titleId}-${group}`}
              className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
            >
              {group}
            </h3>
            <table className="w-full table-fixed text-left text-sm">
              <colgroup>
                <col className="w-[36%]" />
                <col className="w-[38%]" />
                <col />
              </colgroup>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Keys</th>
                  <th scope="col">What it does</th>
                  <th scope="col">Where</th>
                </tr>
              </thead>
              <tbody>
                {KEYMAP.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                  <tr
                    key={shortcut.id}
                    data-testid="shortcut-row"
                    data-shortcut-id={shortcut.id}
                    className="border-t border-slate-100 first:border-t-0 dark:border-slate-800"
                  >
                    <td className="py-1.5 pr-3 align-top" data-testid="shortcut-keys">
                      {/* A wrapping row: four combos side by side outgrow the column ("Page Down" ran over
                          the description), so each combo with its "or" moves to the next line instead. */}
                      <span className="flex flex-wrap items-baseline gap-x-1 gap-y-1.5">
                        {shortcut.keys.map((combo, at) => (
                          <span key={at} className="whitespace-nowrap">
                            {at > 0 && <span className="pr-1 text-slate-600 dark:text-slate-300">or</span>}
                            <kbd
                              data-testid="shortcut-key"
                              className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                            >
                              {comboLabel(combo, mac)}
                            </kbd>
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className="py-1.5 pr-3 align-top" data-testid="shortcut-description">
                      {shortcut.description}
                    </td>
                    <td className="py-1.5 align-top text-slate-600 dark:text-slate-300">{shortcut.where}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </ModalFrame>
  );
}
