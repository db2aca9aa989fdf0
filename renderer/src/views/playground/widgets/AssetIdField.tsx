import { COINS, formatAssetId, getCoin, parseAssetId } from '../../../../../domain/index';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { IdInput } from './IdInput';
import { assetIdParts, chainFrom, chainName, composeAssetId, type Widget } from './widget-rules';

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
 * The chain picker and the contract field show what the id says, nothing else: with no id the picker
 * shows its placeholder (a chain that only seems chosen would leave the argument out), and a linked
 * domain is offered as a one-click choice rather than filled in.
 */
export function AssetIdField(p: FieldProps & { widget: Extract<Widget, { kind: 'asset-id' }> }) {
  const text = typeof p.value === 'string' ? p.value : '';
  const linked = p.widget.chain ? chainFrom(p.widget.chain, p.args) : undefined;
  const { coin, contract } = assetIdParts(text);
  const listed = coin === undefined || COINS.some((c) => c.id === coin);
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  return (
    <FieldShell
      {...p}
      extra={<AssetIdVerdict text={text} tokenOnly={p.widget.tokenOnly ?? false} expectedCoin={linked} onUse={(id) => p.onChange(id)} />}
    >
      <div className="pg-asset-builder">
        <select
          aria-label={`${p.label}: chain`}
          value={coin === undefined ? '' : String(coin)}
          onChange={(e) => p.onChange(e.target.value === '' ? undefined : composeAssetId(Number(e.target.value), contract))}
        >
          <option value="">— choose a chain —</option>
          {!listed && <option value={String(coin)}>c{coin} (as typed)</option>}
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
          disabled={coin === undefined}
          placeholder={coin === undefined ? 'choose a chain first' : contractPlaceholder(coin)}
          value={contract}
          onChange={(e) => coin !== undefined && p.onChange(composeAssetId(coin, e.target.value))}
        />
      </div>
      <IdInput {...aria} placeholder="c60 or c60_t0x… (or paste an id)" value={text} onValue={p.onChange} />
      {linked !== undefined && p.widget.chain && text === '' && (
        <div className="pg-quick">
          <button type="button" className="pg-chip-button" onClick={() => p.onChange(`c${linked}`)}>
            Use {chainName(linked)}&apos;s native coin (c{linked}, from {p.widget.chain.sibling})
          </button>
        </div>
      )}
    </FieldShell>
  );
}
