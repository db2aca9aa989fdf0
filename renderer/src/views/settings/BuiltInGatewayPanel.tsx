/**
 * Settings' panel for the built-in reference gateway: its rate limit (the tier it emulates). The state is
 * main's answer in the query cache; the last save's outcome is the mutation's.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../app/api-context';
import { EmbeddedRateSetting } from './EmbeddedRateSetting';
import { embeddedRateQuery, setEmbeddedRateMutation } from './settings-queries';
import './settings.css';

export function BuiltInGatewayPanel() {
  const api = useApi();
  const state = useQuery(embeddedRateQuery(api));
  const save = useMutation(setEmbeddedRateMutation(api));
  return (
    <section className="panel stack-sm" aria-labelledby="builtin-gateway-title">
      <h2 id="builtin-gateway-title">Built-in gateway</h2>
      <p className="muted">
        The reference gateway on this computer, which the built-in profile uses. It can answer like a real gateway’s tier: past its rate it
        refuses a request with HTTP 429 and Retry-After, so the playground, the connection doctor and your assistants meet real rate limits
        without the network. A new limit applies to the running gateway at once (a gateway an assistant’s bridge runs follows within a
        second); no connection is dropped.
      </p>
      {state.isPending && <p className="muted">Loading…</p>}
      {state.isError && (
        <p className="callout error" role="alert">
          {state.error.message}
        </p>
      )}
      {state.data && (
        <EmbeddedRateSetting
          state={state.data}
          saving={save.isPending}
          error={save.error?.message}
          savedNow={save.isSuccess ? save.variables : undefined}
          onSave={(choice) => save.mutate(choice)}
        />
      )}
    </section>
  );
}
