import type { LostPart } from '../../../shared/api/extract';
import { CODE_WORDING, LOST_PART_WORDING } from '../ui/extraction-codes';

function partName(part: LostPart): string {
  if (part.kind === 'sheet')
    return part.sheet !== undefined ? `Sheet ${part.index} “${part.sheet}”` : `Sheet ${part.index}`;
  return `Page ${part.index}`;
}

/** The pages or sheets a partial read lost, each with how it fared, its own code and the reader's words. */
export function LostParts({ lost }: { lost: readonly LostPart[] }) {
  if (lost.length === 0) return null;
  return (
    <div className="mt-1">
      <p className="text-xs font-medium text-amber-900 dark:text-amber-200">
        {lost.length === 1 ? '1 part was not read:' : `${lost.length} parts were not read:`}
      </p>
      <ul data-testid="lost-parts" className="mt-0.5 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
        {lost.map((part) => (
          <li key={`${part.kind}-${part.index}`} data-code={part.code ?? undefined}>
            <span className="font-medium">
              <bdi>{partName(part)}</bdi>
            </span>
            {': '}
            {LOST_PART_WORDING[part.state]}
            {part.code !== null && ` — ${CODE_WORDING[part.code].label}`}
            {part.code !== null && <span className="text-slate-600 dark:text-slate-300"> ({part.code})</span>}
            {part.reason !== null && part.reason !== '' && (
              <span className="block break-words text-slate-600 dark:text-slate-300">{part.reason}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
