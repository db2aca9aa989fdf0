import { useEffect, useEffectEvent, useState } from 'react';
import { COINS, formatAssetId, getCoin, parseAssetId } from '../../../../../domain/index';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { IdInput } from './IdInput';
import { chainFrom, chainName, type Widget } from './widget-rules';

function contractPlaceholder(coin: number): string {
  switch (getCoin(coin)?.family) {
    case 'evm':
      return '0x… token contract (leave empty for the native coin)';
    case 'solana':
      return 'SPL mint address (leave empty for SOL)';
    case 'tron':
      return 'T… TRC-20 contract (leave empty for TRX)';
    default:
      return 'token contract (leave empty for the native coin)';
  }
}

/** The identifier module's verdict on an asset id, with the normalised form when it differs. */
export function AssetIdVerdict({
  text,
  tokenOnly,
  expectedCoin,
  onUse,
}: {
  text: string;
  tokenOnly?: boolean;
  expectedCoin?: number | undefined;
  onUse: (id: string) => void;
}) {
  if (text === '') return null;
  const parsed = parseAssetId(text);
  if (!parsed.ok) return <p className="pg-verdict bad">✗ {parsed.message}</p>;
  const normal = formatAssetId(parsed.value);
  const chain = chainName(parsed.value.coin);
  return (
    <>
      <p className="pg-verdict ok">
        ✓ {parsed.value.token ? `A token on ${chain}` : `${chain}'s native coin (${getCoin(parsed.value.coin)?.symbol ?? '?'})`}
        {normal !== text && (
          <>
            {' '}
            · normalised: <code>{normal}</code>{' '}
            <button type="button" className="pg-link-button" onClick={() => onUse(normal)}>
              use it
            </button>
          </>
        )}
      </p>
      {tokenOnly && !parsed.value.token && (
        <p className="pg-verdict warn">⚠ This tool checks tokens: add a contract (c{parsed.value.coin}_t…).</p>
      )}
      {expectedCoin !== undefined && expectedCoin !== parsed.value.coin && (
        <p className="pg-verdict warn">
          ⚠ This id is on {chain}, but the chosen domain is {chainName(expectedCoin)}.
        </p>
      )}
    </>
  );
}

/**
 * The asset-ID builder: a chain from the coin catalog plus an optional token contract compose
 * `c{coin}` or `c{coin}_t{contract}`; the id itself stays editable, and the identifier module checks it.
 */
export function AssetIdField(p: FieldProps & { widget: Extract<Widget, { kind: 'asset-id' }> }) {
  const text = typeof p.value === 'string' ? p.value : '';
  const linked = p.widget.chain ? chainFrom(p.widget.chain, p.args) : undefined;
  const parsed = text ? parseAssetId(text) : undefined;
  const [coin, setCoin] = useState<number>(parsed?.ok ? parsed.value.coin : (linked ?? 60));
  const [contract, setContract] = useState<string>(parsed?.ok ? (parsed.value.token ?? '') : '');

  // Follow edits of the id itself while it parses.
  const [seenText, setSeenText] = useState(text);
  if (seenText !== text) {
    setSeenText(text);
    if (parsed?.ok) {
      setCoin(parsed.value.coin);
      setContract(parsed.value.token ?? '');
    }
  }

  // A linked domain changed and the id is empty or native: follow the domain's chain. An empty id only moves
  // the chain picker; a native id is rewritten, and the picker then follows the id.
  const [seenLinked, setSeenLinked] = useState(linked);
  if (seenLinked !== linked) {
    setSeenLinked(linked);
    if (linked !== undefined && !text) setCoin(linked);
  }
  const followDomain = useEffectEvent((to: number | undefined) => {
    if (to !== undefined && parsed?.ok && !parsed.value.token && to !== parsed.value.coin) p.onChange(`c${to}`);
  });
  useEffect(() => followDomain(linked), [linked]);

  const compose = (c: number, k: string) => p.onChange(k.trim() ? `c${c}_t${k.trim()}` : `c${c}`);
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  return (
    <FieldShell
      {...p}
      extra={<AssetIdVerdict text={text} tokenOnly={p.widget.tokenOnly ?? false} expectedCoin={linked} onUse={(id) => p.onChange(id)} />}
    >
      <div className="pg-asset-builder">
        <select
          aria-label={`${p.label}: chain`}
          value={String(coin)}
          onChange={(e) => {
            const c = Number(e.target.value);
            setCoin(c);
            compose(c, contract);
          }}
        >
          {COINS.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name} ({c.symbol}) · c{c.id}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label={`${p.label}: token contract`}
          className="mono"
          spellCheck={false}
          autoComplete="off"
          placeholder={contractPlaceholder(coin)}
          value={contract}
          onChange={(e) => {
            setContract(e.target.value);
            compose(coin, e.target.value);
          }}
        />
      </div>
      <IdInput {...aria} placeholder="c60 or c60_t0x… (or paste an id)" value={text} onValue={p.onChange} />
    </FieldShell>
  );
}
