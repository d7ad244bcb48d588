import {
  NumericRequest,
  NumericResponse,
  NumericRolesRequest,
  type Unit,
  type AssessedOperand,
  type OperandReference,
  type OperandRoleName,
} from '../../shared/api';
import { assessWithReasons } from '../numeric/assess';
import { RolesDoNotFit } from '../numeric/roles';
import { operandContext } from '../../shared/structure';
import type { EngineOperand } from '../numeric/types';
import type { EvidenceStore } from '../store/contract';
import { notFound, parseRequest, ServiceError } from './errors';

// `POST /api/v2/verify/numeric` (service-api.md; meaning in numeric-semantics.md): loads each operand's
// figure from the caller's retained evidence, reads what the source structure shows around it
// (shared/structure), and hands both to the engine (numeric/assess.ts). Ownership is checked before
// anything is read: another account's ids, like unknown ids, are 404 and never hint that they exist.

/** The unit with its figures, when it belongs to that representation of that source version of the account. */
async function loadOperandUnit(
  store: EvidenceStore,
  accountId: string,
  ref: OperandReference,
  at: string,
): Promise<Unit> {
  const sv = await store.findSourceVersion(accountId, ref.source_version_id);
  if (!sv) {
    if (await store.findAsset(accountId, ref.source_version_id))
      throw new ServiceError(
        'asset_id_not_source_version',
        'an upload asset id was given where a source version id belongs; register the asset (or upload ' +
          'with retain=true) and use the source_version_id it returns',
        [{ path: `${at}.source_version_id`, message: 'an asset id, not a source version id' }],
      );
    throw notFound(`source version ${ref.source_version_id}`);
  }
  // The source version is the caller's, so a representation of it is too; any other is not there.
  if (!(await store.isRepresentationOf(sv.id, ref.representation_id)))
    throw notFound(`representation ${ref.representation_id} of source version ${sv.id}`);
  const unit = await store.loadUnit(ref.representation_id, ref.source_unit_id);
  if (!unit) throw notFound(`source unit ${ref.source_unit_id} of representation ${ref.representation_id}`);
  return unit;
}

/** `POST /api/v2/verify/numeric`: the engine's assessment of the claim over the caller's own figures. */
export async function verifyNumeric(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
): Promise<NumericResponse> {
  return check(store, accountId, parseRequest(NumericRequest, body), null);
}

/** `POST /api/v2/verify/numeric/roles`: the same check with the roles a person gave the figures. */
export async function verifyNumericWithRoles(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
): Promise<NumericResponse> {
  const request = parseRequest(NumericRolesRequest, body);
  return check(store, accountId, request, request.roles);
}

async function check(
  store: EvidenceStore,
  accountId: string,
  request: NumericRequest,
  roles: readonly OperandRoleName[] | null,
): Promise<NumericResponse> {
  const units = new Map<string, Unit>();
  const engine: EngineOperand[] = [];
  const echoed: AssessedOperand[] = [];
  for (const [i, ref] of request.operands.entries()) {
    const at = `operands.${i}`;
    const key = `${ref.source_version_id}\u0000${ref.representation_id}\u0000${ref.source_unit_id}`;
    const unit = units.get(key) ?? (await loadOperandUnit(store, accountId, ref, at));
    units.set(key, unit);
    const figure = unit.figures.find((f) => f.index === ref.figure_index);
    if (!figure)
      throw new ServiceError(
        'figure_index_unavailable',
        `source unit ${unit.source_unit_id} has ${unit.figures.length} figure(s); figure_index ${ref.figure_index} is not one of them`,
        [
          {
            path: `${at}.figure_index`,
            message:
              unit.figures.length === 0
                ? 'the unit has no figures'
                : `expected 0 to ${unit.figures.length - 1}`,
          },
        ],
      );
    if (figure.ambiguous)
      throw new ServiceError(
        'ambiguous_source_number',
        `"${figure.raw}" has more than one reading in the source; it cannot be checked as one number`,
        [{ path: `${at}.figure_index`, message: `"${figure.raw}" is ambiguous` }],
      );
    const { ambiguous: _ambiguous, span: _span, position: _position, ...read } = figure;
    engine.push({ figure: read, context: operandContext(unit, figure, unit.source_unit_id) });
    echoed.push({
      binding: 'retained_source_slice',
      source: {
        representation_id: ref.representation_id,
        source_unit_id: ref.source_unit_id,
        source_version_id: ref.source_version_id,
      },
      figure: read,
    });
  }
  let explained;
  try {
    explained = assessWithReasons(request.claim, engine, { roles });
  } catch (error) {
    if (error instanceof RolesDoNotFit)
      throw new ServiceError('roles_do_not_fit', error.message, [{ path: 'roles', message: error.message }]);
    throw error;
  }
  const operands = echoed.map((o, i) => {
    const role = explained.operandRoles?.[i];
    return role === undefined ? o : { ...o, role };
  });
  return NumericResponse.parse({ ...explained.assessment, operands });
}
