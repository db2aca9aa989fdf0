import {
  DEFAULT_CREDENTIAL_HEADER,
  DEFAULT_SECRET_HEADER,
  GATEWAY_PRESETS,
  type GatewayPreset,
} from '../../../../../domain/profile-gateway';

/** What the profile form keeps for its gateway besides the URL (text as typed). */
export interface GatewayValues {
  readonly credentialHeader: string;
  readonly secretHeader: string;
  readonly rate: string;
}

/** The presets a remote profile can start from (the built-in gateway is the `default` profile itself). */
const CHOICES: readonly GatewayPreset[] = [GATEWAY_PRESETS.custom, GATEWAY_PRESETS.public];

/** The values a preset gives (the URL is the caller's: only a preset with a fixed one changes it). */
export function presetValues(preset: GatewayPreset): GatewayValues {
  return {
    credentialHeader: preset.headers.credential,
    secretHeader: preset.headers.secret,
    rate: preset.rate !== undefined ? String(preset.rate) : '',
  };
}

/**
 * The gateway's header names and rate in the profile form, and a preset to fill them (and the URL) in
 * one go. Presentational: values in, changes out.
 */
export function GatewayFields({
  values,
  onChange,
  onPreset,
}: {
  values: GatewayValues;
  onChange: (values: GatewayValues) => void;
  onPreset: (preset: GatewayPreset) => void;
}) {
  const id = (f: string) => `pg-profile-${f}`;
  const help = GATEWAY_PRESETS.public.credentialsHelp;
  return (
    <>
      <div className="field">
        <label htmlFor={id('preset')}>Gateway</label>
        <select
          id={id('preset')}
          defaultValue=""
          onChange={(e) => {
            const preset = CHOICES.find((p) => p.id === e.target.value);
            if (preset) onPreset(preset);
          }}
        >
          <option value="" disabled>
            Fill in from a known gateway…
          </option>
          {CHOICES.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <span className="hint">
          The public gateway&apos;s credentials come from{' '}
          <a href={help} target="_blank" rel="noreferrer">
            {help}
          </a>
          .
        </span>
      </div>
      <div className="field">
        <label htmlFor={id('credential-header')}>Access id header</label>
        <input
          id={id('credential-header')}
          type="text"
          value={values.credentialHeader}
          onChange={(e) => onChange({ ...values, credentialHeader: e.target.value })}
          placeholder={DEFAULT_CREDENTIAL_HEADER}
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={id('secret-header')}>Secret key header</label>
        <input
          id={id('secret-header')}
          type="text"
          value={values.secretHeader}
          onChange={(e) => onChange({ ...values, secretHeader: e.target.value })}
          placeholder={DEFAULT_SECRET_HEADER}
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={id('rate')}>Requests per second (optional)</label>
        <input
          id={id('rate')}
          type="number"
          min={0.01}
          step="any"
          value={values.rate}
          onChange={(e) => onChange({ ...values, rate: e.target.value })}
          placeholder="no limit"
        />
        <span className="hint">The gateway tier&apos;s rate: requests wait their turn instead of being refused.</span>
      </div>
    </>
  );
}
