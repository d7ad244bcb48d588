import type { Unit } from '../../../shared/api';
import { FigureBox } from './FigureBox';

/** The boxes of a page unit's figures, over the page drawn `width` pixels wide. */
export function PageOverlay({ unit, width }: { unit: Unit; width: number }) {
  const page = unit.page;
  if (page === undefined) return null;
  return (
    <div
      className="pointer-events-none absolute inset-0"
      data-testid="page-overlay"
      data-unit-index={unit.index}
    >
      {unit.figures.map((figure) =>
        figure.position.kind === 'box' ? (
          <FigureBox key={figure.index} unit={unit} figure={figure} page={page} width={width} />
        ) : null,
      )}
    </div>
  );
}
