/**
 * Settings' choice of the built-in gateway's rate limit: off, the public gateway's free tier (1 request per
 * second), or a rate of your own; and whether the built-in profile paces its requests to it (they wait their
 * turn) or meets its 429s. Presentational: main's state in, the choice to save out. The choice is applied
 * with a button, not as the radios move, so arrowing through them changes nothing until asked. When
 * GATEWAY_COMPANION_EMBEDDED_RATE is set where the app was started it decides the limit, and only pacing
 * can be chosen.
 */
import { useState } from 'react';
import { EMBEDDED_RATE_ENV, FREE_TIER_RATE, parseRate, ratePhrase, tierRateProblem } from '../../../../domain/embedded-tier';
import type { EmbeddedRateState } from '../../../../domain/ipc/settings-channels';

type Choice = 'off' | 'free' | 'custom';

const choiceOf = (rate: number | undefined): Choice => (rate === undefined ? 'off' : rate === FREE_TIER_RATE ? 'free' : 'custom');

export interface EmbeddedRateChoice {
  /** Requests per second per account; null: off. */
  readonly rate: number | null;
  readonly paced: boolean;
}

export interface EmbeddedRateSettingProps {
  readonly state: EmbeddedRateState;
  readonly onSave: (choice: EmbeddedRateChoice) => void;
  readonly saving: boolean;
  /** Why the last save failed. */
  readonly error?: string | undefined;
  /** What the last save applied, to say so. */
  readonly savedNow?: EmbeddedRateChoice | undefined;
}

function savedMessage({ rate, paced }: EmbeddedRateChoice): string {
  if (rate === null) return 'Saved. The built-in gateway answers every request.';
  return `Saved. The built-in gateway now refuses requests past ${ratePhrase(rate)} per account with HTTP 429${
    paced ? '; the built-in profile paces its requests to it from its next connection.' : '.'
  }`;
}

export function EmbeddedRateSetting({ state, onSave, saving, error, savedNow }: EmbeddedRateSettingProps) {
  const [choice, setChoice] = useState<Choice>(choiceOf(state.saved));
  const [custom, setCustom] = useState(state.saved !== undefined && choiceOf(state.saved) === 'custom' ? String(state.saved) : '');
  const [paced, setPaced] = useState(state.paced);
  const byEnvironment = state.environment !== undefined;
  // An empty field only keeps Apply off; what is typed and is no rate says why.
  const customEmpty = choice === 'custom' && custom.trim() === '';
  const customProblem = choice !== 'custom' || customEmpty ? undefined : tierRateProblem(parseRate(custom));
  const rate = choice === 'off' ? null : choice === 'free' ? FREE_TIER_RATE : parseRate(custom);
  const unchanged = (rate ?? undefined) === state.saved && paced === state.paced;
  const canApply = !saving && !customEmpty && !customProblem && !unchanged;
  const limited = byEnvironment ? state.inEffect !== undefined : choice !== 'off';
  const apply = () => {
    if (canApply) onSave({ rate, paced });
  };
  const message = customProblem
    ? customProblem.replace(/^the rate/, 'The rate')
    : error
      ? error
      : savedNow !== undefined && unchanged
        ? savedMessage(savedNow)
        : '';
  return (
    <div className="stack-sm embedded-rate">
      <fieldset className="rate-choice" disabled={byEnvironment} aria-describedby="embedded-rate-now">
        <legend>Built-in gateway rate limit</legend>
        <label>
          <input type="radio" name="embedded-rate" value="off" checked={choice === 'off'} onChange={() => setChoice('off')} />
          Off: every request is answered
        </label>
        <label>
          <input type="radio" name="embedded-rate" value="free" checked={choice === 'free'} onChange={() => setChoice('free')} />
          {ratePhrase(FREE_TIER_RATE)}, like the public gateway’s free tier
        </label>
        <label>
          <input type="radio" name="embedded-rate" value="custom" checked={choice === 'custom'} onChange={() => setChoice('custom')} />
          Another rate
        </label>
        <div className="field rate-custom">
          <label htmlFor="embedded-rate-custom">Requests per second per account</label>
          <input
            id="embedded-rate-custom"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 5 or 0.5"
            value={custom}
            disabled={choice !== 'custom'}
            aria-invalid={customProblem ? true : undefined}
            aria-describedby="embedded-rate-message"
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
        </div>
      </fieldset>
      <div className="field rate-paced">
        <label>
          <input
            type="checkbox"
            checked={paced}
            disabled={!limited}
            aria-describedby="embedded-rate-paced-hint"
            onChange={(e) => setPaced(e.target.checked)}
          />
          Pace the built-in profile to it
        </label>
        <span id="embedded-rate-paced-hint" className="hint">
          Its requests then wait their turn, as a profile with its gateway’s rate does, from its next connection. Unpaced, the playground,
          the connection doctor and your assistants meet the 429s, and may meet them while connecting: the bridge waits out one and passes
          the next on as an error.
        </span>
      </div>
      <div className="row">
        <button type="button" className="button" onClick={apply} disabled={!canApply}>
          {saving ? 'Applying…' : 'Apply'}
        </button>
        <span id="embedded-rate-now" className="muted small">
          Now: {state.inEffect === undefined ? 'no limit' : `${ratePhrase(state.inEffect)} per account, 429 with Retry-After beyond`}
        </span>
      </div>
      <p id="embedded-rate-message" className={`field-message ${customProblem || error ? 'error' : ''}`} role="status">
        {message}
      </p>
      {byEnvironment && (
        <p className="callout warn">
          {EMBEDDED_RATE_ENV} is set to “{state.environment}” where the app was started, so it decides the built-in gateway’s rate limit,
          whatever is chosen here. Unset it and start the app again to choose here.
        </p>
      )}
      {state.problem && (
        <p className="callout error" role="alert">
          {state.problem}
        </p>
      )}
    </div>
  );
}
