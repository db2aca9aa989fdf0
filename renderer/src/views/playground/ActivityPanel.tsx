import { useActivityStore, useCompare } from './state/activity-store';
import { useHistory, useTraffic } from './state/playground-queries';
import { ComparePanel } from './history/ComparePanel';
import { HistoryPanel } from './history/HistoryPanel';
import { TabList } from './TabList';
import { TrafficPanel } from './traffic/TrafficPanel';

/** History, traffic and comparison, as tabs under the workbench. */
export function ActivityPanel() {
  const tab = useActivityStore((s) => s.tab);
  const counts = {
    history: useHistory((h) => h.entries.length).data ?? 0,
    traffic: useTraffic((t) => t.length) ?? 0,
    compare: useCompare().length,
  };
  const setTab = useActivityStore.getState().setTab;
  const tabs = [
    { id: 'history', label: `History (${counts.history})` },
    { id: 'traffic', label: `Traffic (${counts.traffic})` },
    { id: 'compare', label: `Compare${counts.compare === 2 ? ' (2)' : ''}` },
  ] as const;
  return (
    <section className="panel pg-activity" aria-label="Activity">
      <TabList label="Activity" tabs={tabs} selected={tab} onSelect={setTab} />
      <div role="tabpanel" className="pg-tabpanel">
        {tab === 'history' && <HistoryPanel />}
        {tab === 'traffic' && <TrafficPanel />}
        {tab === 'compare' && <ComparePanel />}
      </div>
    </section>
  );
}
