/**
 * The in-process service `npm run eval:numeric` checks claims through: tables are uploaded as csv (and,
 * for the PDF renderings section, as a PDF page) with retain=true and published, operands are the published figures with the context the service reads around
 * them, and each claim goes both to `POST /api/v2/verify/numeric` and, in process, to the engine's
 * `assessWithReasons` (for the typed reason behind each facet). The two must agree.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NumericResponse,
  Representation,
  UploadResponse,
  type FigureWithPosition,
  type OperandReference,
  type Unit,
} from '../shared/api';
import { buildServer } from '../service/http/server';
import { assessWithReasons, type Explained } from '../service/numeric/assess';
import { operandContext } from '../shared/structure';
import type { EngineOperand, OperandContext } from '../service/numeric/types';
import { Store } from '../service/store/store';

export interface Operand {
  ref: OperandReference;
  figure: FigureWithPosition;
  context: OperandContext;
  /** What the engine is given: the figure as the service passes it, and its context. */
  engine: EngineOperand;
}

export interface Published {
  rep: Representation;
  unit: Unit;
}

/** What the HTTP check answered: the response, or the status it failed with. */
export type HttpAnswer =
  { ok: true; body: NumericResponse; ms: number } | { ok: false; status: number; ms: number };

export function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as csv, with `note` (a scale note such as "(in millions)") on a first line of its own. */
export function tableCsv(rows: readonly (readonly string[])[], note: string | null): string {
  return (note ? `${note}\n` : '') + rows.map((r) => r.map((c) => csvCell(c)).join(',')).join('\n') + '\n';
}

function multipart(
  fields: Record<string, string>,
  filename: string,
  content: string | Uint8Array,
  contentType = 'text/csv',
) {
  const boundary = 'evalnumeric7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The operand for figure `f` of a published sheet or page: its reference, and what the engine is given. */
export function operandOf({ rep, unit }: Published, f: FigureWithPosition): Operand {
  const context = operandContext(unit, f, unit.source_unit_id);
  // The figure as the service hands it to the engine: without its place in the source.
  const { ambiguous: _ambiguous, span: _span, position: _position, ...read } = f;
  return {
    ref: {
      source_version_id: rep.source_version_id,
      representation_id: rep.representation_id,
      source_unit_id: unit.source_unit_id,
      figure_index: f.index,
    },
    figure: f,
    context,
    engine: { figure: read, context },
  };
}

export class EvalService {
  private readonly published = new Map<string, Published | null>();
  private readonly publishedPdf = new Map<string, Published | null>();

  private constructor(
    private readonly dir: string,
    private readonly store: Store,
    private readonly app: Awaited<ReturnType<typeof buildServer>>,
    private readonly key: string,
  ) {}

  static async start(): Promise<EvalService> {
    const dir = await mkdtemp(join(tmpdir(), 'ew-eval-numeric-'));
    const store = await Store.open(join(dir, 'data'));
    const app = await buildServer({ store, extraction: { ocr: 'off' } });
    const { key } = await store.createKey('eval');
    return new EvalService(dir, store, app, key);
  }

  /** The csv uploaded and published as one sheet (once per distinct csv), or null when it cannot be. */
  async publish(csv: string): Promise<Published | null> {
    if (this.published.has(csv)) return this.published.get(csv) ?? null;
    const entry = await this.publishNew('table.csv', 'text/csv', csv, 'sheet');
    this.published.set(csv, entry);
    return entry;
  }

  /**
   * A PDF rendering of the table whose csv is `csv`, uploaded and published as one page (once per distinct
   * csv, as `publish` is), or null when it cannot be.
   */
  async publishPdf(bytes: Uint8Array, csv: string): Promise<Published | null> {
    if (this.publishedPdf.has(csv)) return this.publishedPdf.get(csv) ?? null;
    const entry = await this.publishNew('table.pdf', 'application/pdf', bytes, 'page');
    this.publishedPdf.set(csv, entry);
    return entry;
  }

  private async publishNew(
    filename: string,
    contentType: string,
    content: string | Uint8Array,
    kind: Unit['kind'],
  ): Promise<Published | null> {
    const form = multipart({ retain: 'true' }, filename, content, contentType);
    const up = await this.app.inject({
      method: 'POST',
      url: '/api/v1/assets',
      headers: { 'x-api-key': this.key, 'content-type': form.contentType },
      payload: form.body,
    });
    if (up.statusCode !== 201) return null;
    const asset = UploadResponse.parse(up.json());
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/v2/sources/${asset.source_version_id}/representations`,
      headers: { 'x-api-key': this.key },
    });
    if (res.statusCode !== 201) return null;
    const rep = Representation.parse(res.json());
    const unit = rep.units[0];
    if (!unit || unit.kind !== kind) return null;
    return { rep, unit };
  }

  /** The engine's answer in process, and how long it took. */
  assess(claim: string, operands: readonly Operand[]): { explained: Explained; ms: number } {
    const started = performance.now();
    const explained = assessWithReasons(
      claim,
      operands.map((o) => o.engine),
    );
    return { explained, ms: performance.now() - started };
  }

  /** The service's answer over HTTP (inject), and how long it took. */
  async verify(claim: string, operands: readonly Operand[]): Promise<HttpAnswer> {
    const sent = performance.now();
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v2/verify/numeric',
      headers: { 'x-api-key': this.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ claim, operands: operands.map((o) => o.ref) }),
    });
    const ms = performance.now() - sent;
    if (res.statusCode !== 201) return { ok: false, status: res.statusCode, ms };
    return { ok: true, body: NumericResponse.parse(res.json()), ms };
  }

  async close(): Promise<void> {
    await this.app.close();
    this.store.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
