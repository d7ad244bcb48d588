// Limits that code without zod needs too (the sandboxed preload): plain constants, no imports.

/** The ceiling on uploads and downloads (spec: 50 MB download ceiling; local-extensions: same for uploads). */
export const MAX_ASSET_BYTES = 50 * 1000 * 1000;
