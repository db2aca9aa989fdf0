import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..');
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('app-builder-lib/scheme.json'), 'utf8')) as object;

describe('electron-builder.yml', () => {
  it("validates against electron-builder's own JSON schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check is live: a misspelt key is rejected', () => {
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ ...config, asarUnpak: ['x'] })).toBe(false);
  });

  it('ships the hardened fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });

  it('names the app and builds every desktop target, with sharp unpacked from asar', () => {
    expect(config.appId).toBe('io.gatewaycompanion.app');
    expect(config.productName).toBe('Gateway Companion');
    expect((config.linux as { target: string[] }).target).toEqual(['AppImage', 'deb']);
    expect((config.mac as { target: string[] }).target).toEqual(['dmg']);
    expect((config.win as { target: string[] }).target).toEqual(['nsis']);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/sharp/**/*', 'node_modules/@img/**/*']));
  });

  it('pins a supported Electron major (43 or newer) exactly', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const version = pkg.devDependencies.electron!;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(43);
  });
});
