/**
 * The one rule for "this host is this machine", used wherever plain http is allowed, a proxy is skipped
 * or a Host/Origin header is accepted as our own. Only what names loopback by itself counts: a literal
 * loopback address (127.0.0.0/8, ::1, ::ffff:127.x.y.z, bracketed or not) or exactly `localhost`.
 * Any other name, `*.localhost` included, is remote whatever it resolves to: the address would come from
 * a resolver, which may not be local, so https is required and secrets go only over TLS.
 */

/** The four bytes of a dotted-quad IPv4 literal (four decimal parts, 0 to 255, no leading zeros), or undefined. */
function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

/** The eight 16-bit groups of an IPv6 literal (with `::` and a trailing dotted quad), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  if (text.includes('%')) return undefined; // A zone id names an interface, not a loopback address.
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string): number[] | undefined => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4Bytes(piece);
        if (!v4) return undefined;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/**
 * True for a literal loopback address or exactly `localhost` (any case), as a URL's `hostname` gives it
 * (IPv6 in brackets) or bare. A trailing dot, `*.localhost`, a decimal or hex IPv4 form and every other
 * name are not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost') return true;
  const v4 = ipv4Bytes(host);
  if (v4) return v4[0] === 127;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::1
  if (zeros(0, 7) && groups[7] === 1) return true;
  // ::ffff:127.x.y.z, the IPv4-mapped form of 127.0.0.0/8.
  return zeros(0, 5) && groups[5] === 0xffff && groups[6]! >> 8 === 127;
}
