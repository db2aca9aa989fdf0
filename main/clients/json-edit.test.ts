import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { ConfigParseError, ConfigShapeError } from './config-errors';
import { isEmptyDocument, locate, memberValue, parseJsonConfig, removeEntry, setEntry } from './json-edit';
import { expectOnlyMemberAdded } from './test-support';

const F = '/home/u/cfg.json';
const ENTRY = { command: '/usr/bin/node', args: ['/opt/app/out/main/cli.js', 'bridge', '--profile', 'default'] };

function install(text: string, comments = true, container = 'mcpServers'): string {
  return setEntry(parseJsonConfig(F, text, comments), F, container, 'gateway-companion', ENTRY);
}
function remove(text: string, comments = true, dropContainer = false, container = 'mcpServers'): string {
  return removeEntry(parseJsonConfig(F, text, comments), F, container, 'gateway-companion', dropContainer);
}
function entryOf(text: string, comments = true): unknown {
  const c = parseJsonConfig(F, text, comments);
  return memberValue(locate(c, F, 'mcpServers', 'gateway-companion').member);
}
function parseError(run: () => unknown): ConfigParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigParseError);
    return error as ConfigParseError;
  }
  throw new Error('expected a ConfigParseError');
}

describe('adding our entry to an existing container', () => {
  const cases: Record<string, string> = {
    'two spaces': '{\n  "mcpServers": {\n    "other": {\n      "command": "x"\n    }\n  },\n  "theme": "dark"\n}\n',
    'tabs and CRLF': '{\r\n\t"mcpServers": {\r\n\t\t"other": {\r\n\t\t\t"command": "x"\r\n\t\t}\r\n\t}\r\n}\r\n',
    'four spaces, no final newline': '{\n    "mcpServers": {\n        "other": { "command": "x" }\n    }\n}',
    'a comment ending the last member line': '{\n  "mcpServers": {\n    "other": { "command": "x" } // keep me here\n  }\n}\n',
    'a trailing comma (JSONC)': '{\n  "mcpServers": {\n    "other": { "command": "x" },\n  },\n}\n',
    'comments everywhere':
      '// top\n{\n  /* servers */\n  "mcpServers": {\n    // the one I use\n    "other": {"command": "x", "args": []}, /* inline */\n    "second": {"url": "https://example.com/mcp"}\n    // after\n  }\n}\n// end\n',
    'an empty container': '{\n  "mcpServers": {},\n  "x": 1\n}\n',
    'a single-line file': '{"mcpServers": {"other": {"command": "x"}}}',
  };
  for (const [name, before] of Object.entries(cases)) {
    it(`${name}: only the member and one comma are added; removing it gives back the original bytes`, () => {
      const after = install(before);
      expectOnlyMemberAdded(before, after, { 'gateway-companion': ENTRY });
      expect(entryOf(after)).toEqual(ENTRY);
      expect(install(after)).toBe(after);
      expect(remove(after)).toBe(before);
    });
  }

  it('indents the new member like its siblings and the file (tabs, CRLF)', () => {
    const after = install(cases['tabs and CRLF']!);
    expect(after).toContain('\r\n\t\t"gateway-companion": {\r\n\t\t\t"command": "/usr/bin/node",\r\n\t\t\t"args": [\r\n\t\t\t\t"/opt/app');
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe('when the container or the file is missing', () => {
  it('adds the container as the last top-level member; removal with the install record drops it again', () => {
    const before = '{\n  "theme": "dark", // mine\n  "fontSize": 14\n}\n';
    const after = install(before);
    expectOnlyMemberAdded(before, after, { mcpServers: { 'gateway-companion': ENTRY } });
    expect(remove(after, true, true)).toBe(before);
    // Without the record (the container may have been the user's), only the entry goes.
    expect(parse(remove(after, true, false))).toEqual({ theme: 'dark', fontSize: 14, mcpServers: {} });
  });

  it('fills an empty file or `{}` with a two-space document', () => {
    expect(install('')).toBe(
      `{\n  "mcpServers": {\n    "gateway-companion": ${JSON.stringify(ENTRY, null, 2).replace(/\n/g, '\n    ')}\n  }\n}\n`,
    );
    expect(install('  \n')).toBe(install(''));
    const after = install('{}');
    expect(JSON.parse(after)).toEqual({ mcpServers: { 'gateway-companion': ENTRY } });
    expect(remove(after, true, true)).toBe('{}');
    expect(isEmptyDocument(remove(after, true, true))).toBe(true);
  });

  it('keeps a byte order mark', () => {
    const before = '\uFEFF{\n  "mcpServers": {}\n}\n';
    const after = install(before, false);
    expect(after.startsWith('\uFEFF{\n  "mcpServers": {\n    "gateway-companion"')).toBe(true);
    expect(remove(after, false)).toBe(before);
  });
});

describe('updating and removing', () => {
  it('replaces only the value of a different entry, in place', () => {
    const before = '{\n  "mcpServers": {\n    "gateway-companion": {"command": "old"}, // ours\n    "z": {}\n  }\n}\n';
    const after = install(before);
    expect(after.startsWith('{\n  "mcpServers": {\n    "gateway-companion": {\n      "command": "/usr/bin/node"')).toBe(true);
    expect(after.endsWith('\n    }, // ours\n    "z": {}\n  }\n}\n')).toBe(true);
  });

  it('leaves an equal entry alone however it is formatted or ordered', () => {
    const text = `{"mcpServers": {"gateway-companion": {"args": ${JSON.stringify(ENTRY.args)},   "command": "/usr/bin/node"}}}`;
    expect(install(text)).toBe(text);
  });

  it('removes a first or middle member with its line, and leaves the others alone', () => {
    const before =
      '{\n  "mcpServers": {\n    "gateway-companion": {"command": "a"},\n    "b": {"command": "b"}, // b\n    "c": {}\n  }\n}\n';
    expect(remove(before)).toBe('{\n  "mcpServers": {\n    "b": {"command": "b"}, // b\n    "c": {}\n  }\n}\n');
    const middle = '{"mcpServers": {"a": 1, "gateway-companion": {}, "c": 3}}';
    expect(remove(middle)).toBe('{"mcpServers": {"a": 1, "c": 3}}');
    expect(remove('{"mcpServers": {"a": 1, "gateway-companion": {}}}')).toBe('{"mcpServers": {"a": 1}}');
  });

  it('leaves a file without our entry exactly as it is', () => {
    const text = '{\n  // nothing of ours\n  "mcpServers": {"a": {}}\n}\n';
    expect(remove(text)).toBe(text);
    expect(remove('')).toBe('');
  });
});

describe('refusals', () => {
  it('names the line and column of a syntax error', () => {
    const e = parseError(() => parseJsonConfig(F, '{\n  "mcpServers": {\n    "a": {"command": "x"}\n    "b": {}\n  }\n}\n', false));
    expect([e.line, e.column]).toEqual([4, 5]);
    expect(e.message).toBe(
      `${F} does not parse: line 4, column 5: expected "," between items. It was left unchanged; fix that line (or restore a backup) and try again.`,
    );
  });

  it('refuses comments and trailing commas where the client reads strict JSON, and accepts them in JSONC', () => {
    const commented = '{\n  // note\n  "a": 1\n}';
    expect(parseError(() => parseJsonConfig(F, commented, false)).reason).toBe('comments are not allowed in this file');
    const trailing = '{\n  "a": 1,\n}';
    const e = parseError(() => parseJsonConfig(F, trailing, false));
    expect(e.line).toBe(3);
    expect(e.reason).toBe('a trailing comma before "}" is not allowed in this file');
    expect(parseJsonConfig(F, commented, true).root?.type).toBe('object');
    expect(parseJsonConfig(F, trailing, true).root?.type).toBe('object');
  });

  it('reports unclosed strings, unclosed objects and text after the end', () => {
    expect(parseError(() => parseJsonConfig(F, '{"a": "b}', true)).reason).toBe('a string is not closed');
    expect(parseError(() => parseJsonConfig(F, '{"a": {\n', true)).reason).toMatch(/expected "}"|expected a property name/);
    const after = parseError(() => parseJsonConfig(F, '{}\n{}', true));
    expect([after.line, after.reason]).toEqual([2, 'unexpected text after the end of the document']);
  });

  it('refuses a top level that is not an object, a container that is not an object, and duplicated keys', () => {
    expect(() => parseJsonConfig(F, '[1, 2]', true)).toThrow(ConfigShapeError);
    expect(() => parseJsonConfig(F, '[1, 2]', true)).toThrow('the top level is a list, not an object');
    expect(() => install('{"mcpServers": []}')).toThrow('"mcpServers" on line 1 is not an object of servers');
    expect(() => install('{\n"mcpServers": {},\n"mcpServers": {}\n}')).toThrow('"mcpServers" is defined 2 times (lines 2, 3)');
    expect(() => install('{"mcpServers": {\n"gateway-companion": {},\n"gateway-companion": {}}}')).toThrow(
      '"gateway-companion" is defined 2 times (lines 2, 3)',
    );
  });
});
