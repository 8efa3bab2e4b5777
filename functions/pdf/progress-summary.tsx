import type { Progress } from '../projects/dto';

/** The checklist PDF's progress block: the item counters, then a bar each for complete, Selected and Installed. */
export function ProgressSummary({ stats }: { stats: Progress }) {
  const counters = [
    ['Total Items', stats.total],
    ['Completed', stats.completed],
    ['Remaining', Math.max(0, stats.total - stats.completed)],
    ['Selected', stats.selected],
    ['Installed', stats.installed],
  ] as const;
  const bars = [
    ['Overall', stats.completed, stats.percentage],
    ['Contractor (Selected)', stats.selected, stats.selectedPercentage],
    ['Client (Installed)', stats.installed, stats.installedPercentage],
  ] as const;
  return (
    <section className="progress">
      <dl className="counters">
        {counters.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="bars">
        {bars.map(([label, done, percent]) => (
          <div key={label} className="bar">
            <div className="bar-label">
              <span>{label}</span>
              <span>
                {done}/{stats.total} · {percent}%
              </span>
            </div>
            <div className="track">
              <div className="fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
