import { checkAddress, describeAddressFormat } from '../../../../../domain/index';
import type { FieldProps } from '../form/field-props';
import { controlAria, FieldShell } from '../form/FieldShell';
import { IdInput } from './IdInput';
import { chainFrom, chainName, type Widget } from './widget-rules';

/**
 * A wallet address checked for the chain a sibling argument names (asset_id, fromDomain, toDomain), with
 * the chain's own checksum. For validate_address the check is advisory: the gateway's verdict is the
 * point of the call.
 */
export function AddressField(p: FieldProps & { widget: Extract<Widget, { kind: 'address' }> }) {
  const text = typeof p.value === 'string' ? p.value : '';
  const coin = chainFrom(p.widget.chain, p.args);
  const check = text && coin !== undefined ? checkAddress(coin, text) : undefined;
  const aria = controlAria(p.tool, p.path, p.schema, p.issues);
  let verdict = null;
  if (coin === undefined) {
    verdict = <p className="pg-verdict muted">Choose {p.widget.chain.sibling} to check this address for its chain.</p>;
  } else if (check?.ok) {
    verdict = (
      <p className="pg-verdict ok">
        ✓ A valid {chainName(coin)} address
        {check.value !== text && (
          <>
            {' '}
            · checksummed: <code>{check.value}</code>{' '}
            <button type="button" className="pg-link-button" onClick={() => p.onChange(check.value)}>
              use it
            </button>
          </>
        )}
      </p>
    );
  } else if (check && !check.ok) {
    verdict = (
      <p className={p.widget.advisory ? 'pg-verdict warn' : 'pg-verdict bad'}>
        {p.widget.advisory ? '⚠' : '✗'} {check.message}
        {p.widget.advisory && ' — run the tool to see what the gateway says.'}
      </p>
    );
  }
  return (
    <FieldShell {...p} extra={verdict}>
      <IdInput
        {...aria}
        placeholder={coin !== undefined ? describeAddressFormat(coin) : 'wallet address'}
        value={text}
        onValue={p.onChange}
      />
    </FieldShell>
  );
}
