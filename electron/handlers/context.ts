/**
 * What every bridge handler is given by the host that runs it (Electron or the web host).
 * The one place this type lives: the embedded evidence service joins it here later.
 */
export interface HandlerContext {
  /** The app's version (package.json). */
  readonly version: string;
  /** The app's data folder. Main-process only: no bridge reply may carry it. */
  readonly dataDir: string;
}
