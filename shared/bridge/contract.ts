import { z } from 'zod';
import type { BridgeChannel, BridgeEvent } from './names';

/** A bridge error crosses as a value: a stable snake_case code and a message for people. */
export const BridgeError = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case'),
  message: z.string(),
});
export type BridgeError = z.infer<typeof BridgeError>;

/** `{ ok: true, value } | { ok: false, error }`: results cross the bridge as values, never as throws. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** The envelope schema around one channel's output schema. */
export function bridgeResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), value }),
    z.strictObject({ ok: z.literal(false), error: BridgeError }),
  ]);
}

/** The envelope with any value: what a transport can check before it knows the channel's schema. */
export const AnyBridgeResult = bridgeResultSchema(z.unknown());

// ---- channels --------------------------------------------------------------------------------------

export const HealthInput = z.strictObject({});
export type HealthInput = z.infer<typeof HealthInput>;

/** Strict: a filesystem path or anything else beyond these three fields is refused on the way out. */
export const HealthOutput = z.strictObject({
  status: z.literal('ok'),
  version: z.string().min(1),
  service: z.enum(['embedded', 'remote']),
});
export type HealthOutput = z.infer<typeof HealthOutput>;

interface ChannelSchemas {
  input: z.ZodType;
  output: z.ZodType;
}

/** Every channel of the bridge: its input schema and its output schema. */
export const bridgeChannels = {
  health: { input: HealthInput, output: HealthOutput },
} as const satisfies { [C in BridgeChannel]: ChannelSchemas };

export type BridgeInput<C extends BridgeChannel> = z.input<(typeof bridgeChannels)[C]['input']>;
export type BridgeOutput<C extends BridgeChannel> = z.output<(typeof bridgeChannels)[C]['output']>;

// ---- events ----------------------------------------------------------------------------------------

/** Progress of a long task (extraction, upload); placeholder until those tasks exist. */
export const ProgressEvent = z.strictObject({
  taskId: z.string().min(1),
  stage: z.string().min(1),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
});
export type ProgressEvent = z.infer<typeof ProgressEvent>;

/** Every event the main process may push to the renderer, with its payload schema. */
export const bridgeEvents = {
  progress: ProgressEvent,
} as const satisfies { [E in BridgeEvent]: z.ZodType };

export type BridgeEventPayload<E extends BridgeEvent> = z.output<(typeof bridgeEvents)[E]>;

// ---- web host --------------------------------------------------------------------------------------

/** The JSON body of `POST /bridge/invoke` on the loopback web host. */
export const WebBridgeRequest = z.strictObject({
  channel: z.string().min(1).max(200),
  input: z.unknown(),
});
export type WebBridgeRequest = z.infer<typeof WebBridgeRequest>;
