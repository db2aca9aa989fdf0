import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from './dispatch';
import { ServiceError } from './service-error';
import { parseHttpsUrl } from './external-url';

// Only the app channels are exercised here.
const base = {
  'app:info': () => {
    throw new TypeError('boom');
  },
  'app:ping': (text) => ({ echo: text, at: 0 }),
  'app:openExternal': () => {
    throw new ServiceError('insecure_url', 'Only https:// links can be opened.');
  },
} as Partial<Handlers> as Handlers;

describe('dispatcher', () => {
  it('passes expected service errors through with their code', async () => {
    const lines: string[] = [];
    const dispatch = createDispatcher(base, (l) => lines.push(l));
    await expect(dispatch('app:openExternal', ['http://x'])).resolves.toEqual({
      ok: false,
      error: { code: 'insecure_url', message: 'Only https:// links can be opened.' },
    });
    expect(lines).toEqual([]);
  });

  it('turns unexpected exceptions into an internal error and logs the stack', async () => {
    const lines: string[] = [];
    const dispatch = createDispatcher(base, (l) => lines.push(l));
    const result = await dispatch('app:info', []);
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: expect.stringContaining('boom') } });
    expect(lines[0]).toContain('TypeError: boom');
  });
});

describe('external links', () => {
  it('accepts https only', () => {
    expect(parseHttpsUrl('https://example.com/a?b=c').toString()).toBe('https://example.com/a?b=c');
    for (const bad of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'example.com',
      'https://user:pw@example.com',
    ]) {
      expect(() => parseHttpsUrl(bad)).toThrow(ServiceError);
    }
  });
});
