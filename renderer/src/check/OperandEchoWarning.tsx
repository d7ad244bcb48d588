import type { EchoMismatch } from './operand-echo';

/** Says when the figures the service assessed are not the ones picked: the check was about something else. */
export function OperandEchoWarning({ mismatches }: { mismatches: readonly EchoMismatch[] }) {
  if (mismatches.length === 0) return null;
  return (
    <div
      data-testid="operand-echo-warning"
      className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-600/40 ring-inset dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">
        <span aria-hidden="true">⚠ </span>The service checked other figures than the ones you picked
      </p>
      <ul className="mt-1 list-disc pl-5 text-xs">
        {mismatches.map((m) => (
          <li key={`${m.figure}-${m.what}`}>
            Figure {m.figure}: {m.what}.
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">
        Do not rely on this result until the figures agree; pick them again and rerun.
      </p>
    </div>
  );
}
