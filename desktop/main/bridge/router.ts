import type { z } from 'zod';
import { MAX_ASSET_BYTES } from '../../../shared/api/limits';
import {
  BRIDGE_ERROR,
  bridgeChannels,
  isBridgeChannel,
  UploadMeta,
  type BridgeChannel,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
} from '../../../shared/bridge';
import type { HandlerContext } from '../handlers/context';

/** One handler per channel of the contract, typed by its schemas. */
export type BridgeHandlers = {
  [C in BridgeChannel]: (
    input: BridgeInput<C>,
    context: HandlerContext,
  ) => BridgeOutput<C> | Promise<BridgeOutput<C>>;
};

/**
 * `library.upload` with the file's bytes as bytes (the web host's streamed body, Electron's ArrayBuffer
 * over IPC): the meta already checked with UploadMeta, the bytes within the ceiling.
 */
export type UploadBytesHandler = (
  meta: UploadMeta,
  bytes: Uint8Array,
  context: HandlerContext,
) => Promise<BridgeOutput<'library.upload'>>;

export interface BridgeRouter {
  /** Validates the channel and the input, runs the handler, validates its output. Never throws. */
  invoke(channel: unknown, input: unknown): Promise<BridgeResult<unknown>>;
  /**
   * An upload whose bytes travel as bytes: validates the meta (UploadMeta) and the bytes (an ArrayBuffer
   * or a view of one, 1 byte to the ceiling), runs the upload, validates its output as `library.upload`'s.
   * Never throws.
   */
  upload(meta: unknown, bytes: unknown): Promise<BridgeResult<unknown>>;
}

export interface RouterOptions {
  /** Where a handler's failure is reported in the main process (its stack never reaches the reply). */
  onInternalError?: (channel: BridgeChannel, error: unknown) => void;
  /** The upload of bytes (desktop/main/handlers/library.ts); without it, `upload` refuses every call. */
  uploadBytes?: UploadBytesHandler;
}

/**
 * A failure a handler reports to the person (the service refused the key, a source does not exist…):
 * its code and message cross the bridge as they are. Anything else a handler throws is internal.
 */
export class BridgeFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** What the evidence service said of its refusal: its code and the fields it named. */
    readonly service: { serviceCode?: string; fields?: string[] } = {},
  ) {
    super(message);
    this.name = 'BridgeFailure';
  }
}

const INTERNAL_MESSAGE = 'The workbench could not complete this request. Details are in the app log.';

function fail(code: string, message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } };
}

/** A short, printable name for whatever arrived as a channel (never echoes a long string). */
function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `a ${channel === null ? 'null' : typeof channel} value`;
  return JSON.stringify(channel.length > 60 ? `${channel.slice(0, 60)}…` : channel);
}

/** `field.path: message; …`, readable by a person reading an error line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'input'}: ${issue.message}`)
    .join('; ');
}

/** The meta of an upload of bytes, checked: the value, or the bridge error that refuses it. */
export function checkUploadMeta(
  meta: unknown,
): { ok: true; value: UploadMeta } | { ok: false; error: BridgeResult<never> } {
  const parsed = UploadMeta.safeParse(meta);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    error: fail(BRIDGE_ERROR.invalidInput, `Invalid upload: ${describeIssues(parsed.error)}`),
  };
}

/** The refusal of a file over the ceiling, the same on every path. */
export function tooLargeFailure(): BridgeResult<never> {
  return fail(
    BRIDGE_ERROR.tooLarge,
    `The file is over the ${MAX_ASSET_BYTES / 1_000_000} MB ceiling; it was not stored.`,
  );
}

/** Bytes as they may arrive: an ArrayBuffer (IPC), or a view of one (a Buffer, a Uint8Array). */
function bytesOf(value: unknown): Uint8Array | null {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return null;
}

function defaultOnInternalError(channel: BridgeChannel, error: unknown): void {
  console.error(`bridge: handler for "${channel}" failed:`, error);
}

export function createRouter(
  handlers: BridgeHandlers,
  context: HandlerContext,
  options: RouterOptions = {},
): BridgeRouter {
  const onInternalError = options.onInternalError ?? defaultOnInternalError;

  /** Runs a handler: a BridgeFailure crosses as it is, anything else is internal; the output is checked. */
  async function run(
    channel: BridgeChannel,
    output: z.ZodType,
    work: () => unknown,
  ): Promise<BridgeResult<unknown>> {
    let value: unknown;
    try {
      value = await work();
    } catch (error) {
      if (error instanceof BridgeFailure)
        return { ok: false, error: { code: error.code, message: error.message, ...error.service } };
      onInternalError(channel, error);
      return fail(BRIDGE_ERROR.internalError, INTERNAL_MESSAGE);
    }
    const parsedOutput = output.safeParse(value);
    if (!parsedOutput.success) {
      onInternalError(
        channel,
        new Error(`output outside the contract: ${describeIssues(parsedOutput.error)}`),
      );
      return fail(BRIDGE_ERROR.internalError, INTERNAL_MESSAGE);
    }
    return { ok: true, value: parsedOutput.data };
  }

  return {
    async invoke(channel, input) {
      if (!isBridgeChannel(channel)) {
        return fail(
          BRIDGE_ERROR.unknownChannel,
          `There is no bridge channel named ${describeChannel(channel)}.`,
        );
      }
      const schemas = bridgeChannels[channel];
      const parsedInput = schemas.input.safeParse(input);
      if (!parsedInput.success) {
        return fail(
          BRIDGE_ERROR.invalidInput,
          `Invalid input for "${channel}": ${describeIssues(parsedInput.error)}`,
        );
      }
      // The input was validated by this channel's own schema, so the handler's parameter type holds.
      const handler = handlers[channel] as (input: unknown, context: HandlerContext) => unknown;
      return run(channel, schemas.output, () => handler(parsedInput.data, context));
    },
    async upload(meta, bytes) {
      const uploadBytes = options.uploadBytes;
      if (!uploadBytes) return fail(BRIDGE_ERROR.unknownChannel, 'This host does not take uploads of bytes.');
      const checked = checkUploadMeta(meta);
      if (!checked.ok) return checked.error;
      const view = bytesOf(bytes);
      if (view === null)
        return fail(BRIDGE_ERROR.invalidInput, 'Invalid upload: the file’s bytes did not arrive.');
      if (view.byteLength === 0) return fail(BRIDGE_ERROR.invalidInput, 'Invalid upload: the file is empty.');
      if (view.byteLength > MAX_ASSET_BYTES) return tooLargeFailure();
      return run('library.upload', bridgeChannels['library.upload'].output, () =>
        uploadBytes(checked.value, view, context),
      );
    },
  };
}
