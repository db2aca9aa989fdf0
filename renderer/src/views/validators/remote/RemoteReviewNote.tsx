import type { RemotePlanView } from '../../../../../domain/ipc/github-channels';
import type { PlanView } from '../../../../../domain/ipc/registry-channels';

/** Remote mode's review: which version of the registry the change was prepared on, and the pull request's rules. */
export function RemoteReviewNote({ plan }: { plan: PlanView }) {
  if (!('upstream' in plan)) return null;
  const remote = plan as RemotePlanView;
  return (
    <div className="stack-sm">
      <p className="muted">
        Prepared on {remote.upstream} as it is now (commit <code>{remote.base.slice(0, 7)}</code>). The pull request will be titled{' '}
        <q>{remote.title}</q>.
      </p>
      {remote.ruleProblems.length > 0 && (
        <ul className="callout error" role="alert">
          {remote.ruleProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
