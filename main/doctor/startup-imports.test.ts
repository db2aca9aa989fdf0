/**
 * `companion doctor`'s time from the command to the verdict is mostly module loading (docs/benchmarks.md).
 * A run for a profile must not load what only a run from an assistant's config needs (its config
 * parsers, the MCP client that starts its command: about a second on a loaded machine), and the tools
 * hop's schema compiler and the built-in gateway come on demand. Follows the static imports from the
 * command and from the doctor's entry module.
 */
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../scripts/testing/static-imports';

describe('what companion doctor loads before its first hop', () => {
  const graph = staticGraph('main/doctor/run-doctor.ts');

  it('follows the doctor into its network and MCP hops', () => {
    expect(graph.files).toContain('main/doctor/network-hops.ts');
    expect(graph.files).toContain('main/doctor/mcp-hops.ts');
  });

  it("loads none of the assistant's hops: no config parsers, no MCP client", () => {
    for (const file of ['main/doctor/assistant-hops.ts', 'main/clients/connection-test.ts', 'main/clients/detect.ts'])
      expect(graph.files).not.toContain(file);
    expect([...graph.packages].filter((p) => /^(@modelcontextprotocol\/|smol-toml|jsonc-parser|zod)/.test(p))).toEqual([]);
  });

  it('loads the schema compiler and the built-in gateway only on demand', () => {
    expect(graph.packages).not.toContain('ajv');
    expect([...graph.files].filter((f) => f.startsWith('gateway/') || f.startsWith('main/bridge-host/'))).toEqual([]);
  });

  it('the command itself loads no more than its flags need', () => {
    const command = staticGraph('main/cli/commands/doctor.ts');
    expect(command.files).not.toContain('main/doctor/run-doctor.ts');
  });
});

describe('what the built-in gateway loads to reuse its certificates', () => {
  it('checks stored certificates with Node’s own X.509, and loads the certificate maker only to make one', () => {
    const graph = staticGraph('gateway/tls/certificates.ts');
    expect(graph.packages).not.toContain('@peculiar/x509');
    expect(graph.packages).not.toContain('reflect-metadata');
    expect(graph.files).not.toContain('gateway/tls/issue-certificates.ts');
  });
});
