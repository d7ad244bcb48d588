import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The packaging configuration (electron-builder.json): installers for the three desktops and the Electron
// fuses that take away what a hardened app never uses. Packaging itself downloads Electron, so it runs on
// a release machine; this checks the configuration against electron-builder's own schema and our rules.

const root = join(import.meta.dirname, '..', '..', '..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as Record<
  string,
  unknown
>;
const scheme = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
  properties: Record<string, unknown>;
  definitions: Record<string, { properties?: Record<string, unknown> }>;
};

describe('packaging configuration', () => {
  it('uses only options electron-builder knows', () => {
    for (const key of Object.keys(config).filter((k) => k !== '$schema'))
      expect(scheme.properties, key).toHaveProperty(key);
    const fuseOptions = Object.keys(scheme.definitions['FuseOptionsV1']?.properties ?? {});
    expect(fuseOptions.length).toBeGreaterThan(0);
    for (const fuse of Object.keys(config['electronFuses'] as object))
      expect(fuseOptions, fuse).toContain(fuse);
  });

  it('builds an AppImage, a dmg and an NSIS installer from the electron-vite output, in an asar', () => {
    expect(config).toMatchObject({
      linux: { target: ['AppImage'] },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
      asar: true,
      files: expect.arrayContaining(['out/**']),
    });
  });

  it('flips the fuses: no run-as-node, no NODE_OPTIONS, no inspect, asar integrity, app only from the asar', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
