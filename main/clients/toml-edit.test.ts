import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ConfigParseError, ConfigShapeError } from './config-errors';
import { CODEX_SEED } from './test-support';
import { parseToml, removeTomlEntry, setTomlEntry } from './toml-edit';

const F = '/home/u/.codex/config.toml';
const ENTRY = { command: '/usr/bin/node', args: ['/opt/app/out/main/cli.js', 'bridge', '--profile', 'work'] };
const install = (text: string, value: Record<string, unknown> = ENTRY) => setTomlEntry(F, text, 'mcp_servers', 'gateway-companion', value);
const remove = (text: string) => removeTomlEntry(F, text, 'mcp_servers', 'gateway-companion');

const SEED = CODEX_SEED;

describe('Codex config.toml', () => {
  it('appends our table after everything else, keeping every byte of the file before it', () => {
    const after = install(SEED);
    expect(after.startsWith(SEED)).toBe(true);
    expect(after.slice(SEED.length)).toBe(
      '\n[mcp_servers.gateway-companion]\ncommand = "/usr/bin/node"\nargs = [ "/opt/app/out/main/cli.js", "bridge", "--profile", "work" ]\n',
    );
    const doc = parse(after) as Record<string, Record<string, unknown>>;
    expect(doc.mcp_servers!['gateway-companion']).toEqual(ENTRY);
    expect(doc).toEqual({ ...parse(SEED), mcp_servers: { ...(parse(SEED).mcp_servers as object), 'gateway-companion': ENTRY } });
  });

  it('is idempotent, and removal gives back the original bytes', () => {
    const after = install(SEED);
    expect(install(after)).toBe(after);
    expect(remove(after)).toBe(SEED);
    expect(remove(SEED)).toBe(SEED);
  });

  it('writes a new file, and leaves it empty on removal', () => {
    const created = install('');
    expect(created).toBe(
      '[mcp_servers.gateway-companion]\ncommand = "/usr/bin/node"\nargs = [ "/opt/app/out/main/cli.js", "bridge", "--profile", "work" ]\n',
    );
    expect(remove(created)).toBe('');
  });

  it('replaces our table and its env sub-table in place, wherever they are, and keeps comments around them', () => {
    const before = `[mcp_servers."gateway-companion"]
command = "old"
args = []

[mcp_servers.gateway-companion.env]
GATEWAY_COMPANION_CLI = "/old path/cli.js"

# the docs server
[mcp_servers.docs]
command = "npx"
`;
    const after = install(before);
    expect(after).toBe(`[mcp_servers.gateway-companion]
command = "/usr/bin/node"
args = [ "/opt/app/out/main/cli.js", "bridge", "--profile", "work" ]

# the docs server
[mcp_servers.docs]
command = "npx"
`);
    const withEnv = install(after, { ...ENTRY, env: { GATEWAY_COMPANION_CLI: 'C:\\Program Files\\x\\cli.js' } });
    expect((parse(withEnv) as { mcp_servers: Record<string, unknown> }).mcp_servers['gateway-companion']).toEqual({
      ...ENTRY,
      env: { GATEWAY_COMPANION_CLI: 'C:\\Program Files\\x\\cli.js' },
    });
    expect(remove(withEnv)).toBe('# the docs server\n[mcp_servers.docs]\ncommand = "npx"\n');
  });

  it('keeps CRLF line ends', () => {
    const before = 'model = "o3"\r\n';
    const after = install(before);
    expect(after).toBe(
      'model = "o3"\r\n\r\n[mcp_servers.gateway-companion]\r\ncommand = "/usr/bin/node"\r\nargs = [ "/opt/app/out/main/cli.js", "bridge", "--profile", "work" ]\r\n',
    );
    expect(remove(after)).toBe(before);
  });

  it('refuses a file that does not parse, naming the line', () => {
    const bad = 'model = "o3"\n[mcp_servers.docs]\ncommand = "npx\n';
    try {
      install(bad);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigParseError);
      expect((error as ConfigParseError).line).toBe(3);
      expect((error as Error).message).toMatch(
        /^\/home\/u\/\.codex\/config\.toml does not parse: line 3, column \d+: .+\. It was left unchanged/,
      );
    }
    expect(() => parseToml(F, 'a = 1\na = 2\n')).toThrow(/line 2/);
  });

  it('refuses shapes it cannot edit on the text: inline tables, dotted keys, a non-table container', () => {
    expect(() => install('[mcp_servers]\ngateway-companion = { command = "x" }\n')).toThrow(ConfigShapeError);
    expect(() => install('mcp_servers.gateway-companion.command = "x"\n')).toThrow('written as an inline table or dotted keys');
    expect(() => remove('[mcp_servers]\ngateway-companion = { command = "x" }\n')).toThrow('written as an inline table or dotted keys');
    expect(() => install('mcp_servers = 3\n')).toThrow('"mcp_servers" is not a table of servers');
  });
});
