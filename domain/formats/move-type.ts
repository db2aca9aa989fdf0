/** Aptos and Sui token identifiers: a Move type "0x<address>::<module>::<Name>" or an object address. */
import { fail, ok, type Check } from '../result';
import { checkHexId } from './plain-ids';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Accepts `0x<1–64 hex>::module::Name` (coin types; short addresses such as 0x1 are standard there) or a
 * 64-digit object address (fungible-asset metadata). Returned verbatim: the registry keeps type tags as written.
 */
export function checkMoveToken(id: string, label: string): Check<string> {
  const parts = id.split('::');
  if (parts.length === 1) {
    const object = checkHexId(id, { prefix: '0x', digits: 64, label });
    return object.ok ? object : fail(object.code, `${object.message} (or write a coin type such as 0x1::aptos_coin::AptosCoin)`);
  }
  if (parts.length !== 3) return fail('bad-format', `${label} are written 0x<address>::<module>::<Name>, with exactly two "::"`);
  const [address = '', module = '', name = ''] = parts;
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(address))
    return fail('bad-format', `the part before the first "::" must be 0x followed by up to 64 hexadecimal characters`);
  if (!IDENT.test(module))
    return fail('bad-format', `"${module}" is not a valid module name (letters, digits and _; not starting with a digit)`);
  if (!IDENT.test(name)) return fail('bad-format', `"${name}" is not a valid type name (letters, digits and _; not starting with a digit)`);
  return ok(id);
}
