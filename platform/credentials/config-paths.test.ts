import { describe, expect, it } from 'vitest';
import {
  auditLogFile,
  bridgeLogFile,
  compileCacheDir,
  configDir,
  profilesFile,
  referenceGatewayDir,
  type PathContext,
} from './config-paths';

const ctx = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv): PathContext => ({ platform, env, homedir: '/fallback' });

describe('configDir', () => {
  it('follows XDG_CONFIG_HOME on Linux, else ~/.config, ignoring a relative XDG value', () => {
    expect(configDir(ctx('linux', { HOME: '/home/ann', XDG_CONFIG_HOME: '/xdg' }))).toBe('/xdg/gateway-companion');
    expect(configDir(ctx('linux', { HOME: '/home/ann' }))).toBe('/home/ann/.config/gateway-companion');
    expect(configDir(ctx('linux', { HOME: '/home/ann', XDG_CONFIG_HOME: 'relative' }))).toBe('/home/ann/.config/gateway-companion');
    expect(configDir(ctx('freebsd', {}))).toBe('/fallback/.config/gateway-companion');
  });

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(configDir(ctx('darwin', { HOME: '/Users/ann', XDG_CONFIG_HOME: '/ignored' }))).toBe(
      '/Users/ann/Library/Application Support/Gateway Companion',
    );
    expect(configDir(ctx('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }))).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Gateway Companion',
    );
    expect(configDir(ctx('win32', { USERPROFILE: 'C:\\Users\\bob' }))).toBe('C:\\Users\\bob\\AppData\\Roaming\\Gateway Companion');
  });

  it('puts profiles, logs and the reference gateway data under it', () => {
    const c = ctx('linux', { HOME: '/h' });
    expect(profilesFile(c)).toBe('/h/.config/gateway-companion/profiles.json');
    expect(bridgeLogFile(c)).toBe('/h/.config/gateway-companion/logs/bridge.log');
    expect(auditLogFile(c)).toBe('/h/.config/gateway-companion/logs/audit.jsonl');
    expect(referenceGatewayDir(c)).toBe('/h/.config/gateway-companion/reference-gateway');
  });
});

describe('compileCacheDir', () => {
  it('is a per-user cache folder: XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%', () => {
    expect(compileCacheDir(ctx('linux', { HOME: '/h', XDG_CACHE_HOME: '/xc' }))).toBe('/xc/gateway-companion/compile-cache');
    expect(compileCacheDir(ctx('linux', { HOME: '/h', XDG_CACHE_HOME: 'relative' }))).toBe('/h/.cache/gateway-companion/compile-cache');
    expect(compileCacheDir(ctx('darwin', { HOME: '/Users/ann' }))).toBe('/Users/ann/Library/Caches/Gateway Companion/compile-cache');
    expect(compileCacheDir(ctx('win32', { LOCALAPPDATA: 'C:\\L' }))).toBe('C:\\L\\Gateway Companion\\Cache\\compile-cache');
    expect(compileCacheDir(ctx('win32', { USERPROFILE: 'C:\\Users\\bob' }))).toBe(
      'C:\\Users\\bob\\AppData\\Local\\Gateway Companion\\Cache\\compile-cache',
    );
  });
});
