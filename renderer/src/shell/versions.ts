/** The versions "About" names: the app's (from the main process's health reply) and the runtime's. */
export interface RuntimeVersions {
  electron: string | null;
  chrome: string | null;
}

/** Electron's and Chromium's versions as the page's user agent states them (the renderer has no process). */
export function runtimeVersions(userAgent: string): RuntimeVersions {
  return {
    electron: /Electron\/([\d.]+)/.exec(userAgent)?.[1] ?? null,
    chrome: /(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/.exec(userAgent)?.[1] ?? null,
  };
}
