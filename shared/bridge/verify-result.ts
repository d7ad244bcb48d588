import { z } from 'zod';

// What re-verifying a report bundle found: one line per item (same, or what differs and where),
// shared by `npm run verify-report` and the app's "Check a report bundle".

export const VerifyStatus = z.enum([
  /** The item is as the bundle says. */
  'same',
  /** The item differs from the bundle: `detail` says what and where. */
  'differs',
  /** The item could not be read (a missing source, bytes that fail their hash, a service refusal). */
  'unreadable',
  /** The bundle itself was refused (not JSON, fails its schema). */
  'refused',
]);
export type VerifyStatus = z.infer<typeof VerifyStatus>;

export const VerifyItem = z.strictObject({
  /** What was checked, e.g. `case case_… check 1 operand 2: figure` or `bundle: signature`. */
  subject: z.string().min(1).max(1000),
  status: VerifyStatus,
  /** Same: what was compared; otherwise what differs and where. */
  detail: z.string().max(4000),
});
export type VerifyItem = z.infer<typeof VerifyItem>;

export const VerifyReport = z.strictObject({
  /** True only when every item is `same`. */
  ok: z.boolean(),
  items: z.array(VerifyItem),
  /** The bundle's signing key (base64) when it is signed and the signature holds; else null. */
  signedBy: z.string().nullable(),
});
export type VerifyReport = z.infer<typeof VerifyReport>;
