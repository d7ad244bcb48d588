import type { z } from 'zod';
import {
  BRIDGE_ERROR,
  bridgeChannels,
  isBridgeChannel,
  type BridgeChannel,
  type BridgeInput,
  type BridgeOutput,
  type BridgeResult,
} from '../../shared/bridge';
import type { HandlerContext } from '../handlers/context';

/** One handler per channel of the contract, typed by its schemas. */
export type BridgeHandlers = {
  [C in BridgeChannel]: (
    input: BridgeInput<C>,
    context: HandlerContext,
  ) => BridgeOutput<C> | Promise<BridgeOutput<C>>;
};

export interface BridgeRouter {
  /** Validates the channel and the input, runs the handler, validates its output. Never throws. */
  invoke(channel: unknown, input: unknown): Promise<BridgeResult<unknown>>;
}

export interface RouterOptions {
  /** Where a handler's failure is reported in the main process (its stack never reaches the reply). */
  onInternalError?: (channel: BridgeChannel, error: unknown) => void;
}

/**
 * A failure a handler reports to the person (the service refused the key, a source does not exist…):
 * its code and message cross the bridge as they are. Anything else a handler throws is internal.
 */
export class BridgeFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
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

function defaultOnInternalError(channel: BridgeChannel, error: unknown): void {
  console.error(`bridge: handler for "${channel}" failed:`, error);
}

export function createRouter(
  handlers: BridgeHandlers,
  context: HandlerContext,
  options: RouterOptions = {},
): BridgeRouter {
  const onInternalError = options.onInternalError ?? defaultOnInternalError;
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
      let output: unknown;
      try {
        output = await handler(parsedInput.data, context);
      } catch (error) {
        if (error instanceof BridgeFailure) return fail(error.code, error.message);
        onInternalError(channel, error);
        return fail(BRIDGE_ERROR.internalError, INTERNAL_MESSAGE);
      }
      const parsedOutput = schemas.output.safeParse(output);
      if (!parsedOutput.success) {
        onInternalError(
          channel,
          new Error(`output outside the contract: ${describeIssues(parsedOutput.error)}`),
        );
        return fail(BRIDGE_ERROR.internalError, INTERNAL_MESSAGE);
      }
      return { ok: true, value: parsedOutput.data };
    },
  };
}
