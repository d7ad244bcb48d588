import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

const MIN = 20;
const MAX = 80;
const STEP = 5;

/**
 * Two panes side by side with a separator between them: drag it, or focus it and use the arrows
 * (Home / End for the extremes), to give one pane more room.
 */
export function SplitPane({ first, second, label }: { first: ReactNode; second: ReactNode; label: string }) {
  const [percent, setPercent] = useState(55);
  const container = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const clamp = (value: number) => Math.min(MAX, Math.max(MIN, Math.round(value)));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = percent - STEP;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = percent + STEP;
    if (event.key === 'Home') next = MIN;
    if (event.key === 'End') next = MAX;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    setPercent(clamp(next));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!dragging.current || box === undefined || box.width === 0) return;
    setPercent(clamp(((event.clientX - box.left) / box.width) * 100));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return (
    <div ref={container} className="flex min-h-0 min-w-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-col" style={{ flexBasis: `${percent}%` }}>
        {first}
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={percent}
        tabIndex={0}
        data-testid="viewer-split"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        className="w-1.5 shrink-0 cursor-col-resize bg-slate-200 hover:bg-indigo-300 focus-visible:bg-indigo-500 focus-visible:outline-none dark:bg-slate-700"
      />
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">{second}</div>
    </div>
  );
}
