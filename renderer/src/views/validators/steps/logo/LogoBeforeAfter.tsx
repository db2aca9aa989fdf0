import type { CropBox, FixSettings, LogoFix, LogoInspection } from '../../../../../../domain/ipc/registry-channels';
import { buildChecklist, formatBytes, type ChecklistRow } from '../../logo-checklist';
import { CirclePreviews } from '../../parts/CirclePreviews';
import { Spinner } from '../../parts/common';
import { CropEditor } from '../../parts/CropEditor';
import { LogoChecklist } from '../../parts/LogoChecklist';

export interface LogoBeforeAfterProps {
  inspection: LogoInspection;
  rows: readonly ChecklistRow[];
  facts: string;
  compliant: boolean;
  settings: FixSettings;
  /** The crop in effect: the chosen one, else the centred square. */
  crop: CropBox | undefined;
  /** The fixer's latest answer (kept while the next one is made). */
  result: LogoFix | undefined;
  /** The "After" image is about to change. */
  busy: boolean;
  error: string | undefined;
  /** A fix with these settings; a crop being dragged asks for it `later`, after a short pause. */
  onFix: (settings: FixSettings, later?: boolean) => void;
  onUseOriginal: () => void;
}

/** The image and its fixed copy side by side, with the crop, the way to make it square and the checklists. */
export function LogoBeforeAfter(p: LogoBeforeAfterProps) {
  const { inspection, settings, crop, result } = p;
  const afterRows = result
    ? buildChecklist({ fileName: 'logo.png', bytes: result.bytes, format: 'png', width: result.size, height: result.size }, result.after)
    : null;
  return (
    <section className="logo-result" aria-labelledby="logo-fixed-title">
      <h3 id="logo-fixed-title">Before and after</h3>
      <div className="before-after">
        <div className="ba-column">
          <p className="ba-label">Before</p>
          {settings.fit !== 'contain' && crop && inspection.display && inspection.width && inspection.height ? (
            <CropEditor
              display={inspection.display}
              width={inspection.width}
              height={inspection.height}
              crop={crop}
              onChange={(c) => p.onFix({ fit: 'cover', crop: c }, true)}
            />
          ) : (
            <div className="image-frame checkerboard">{inspection.display && <img src={inspection.display} alt="Your image" />}</div>
          )}
          <p className="muted small">{p.facts}</p>
          <RuleSummary rows={p.rows} />
        </div>
        <div className="ba-column">
          <p className="ba-label">After</p>
          <div className="image-frame checkerboard fixed" data-busy={p.busy}>
            {result && <img src={result.png} alt="The fixed logo that will be saved as logo.png" />}
            {p.busy && (
              <div className="image-busy">
                <Spinner label="Fixing…" />
              </div>
            )}
          </div>
          {result && (
            <p className="muted small">
              logo.png · PNG · {result.size}×{result.size} px · {formatBytes(result.bytes)}
            </p>
          )}
          {p.error && (
            <p className="callout error" role="alert">
              {p.error}
            </p>
          )}
        </div>
      </div>

      <fieldset className="fit-choice">
        <legend>How to make it square</legend>
        <label className="check-row">
          <input
            type="radio"
            name="logo-fit"
            checked={settings.fit !== 'contain'}
            onChange={() => p.onFix({ fit: 'cover', ...(crop ? { crop } : {}) })}
          />
          <span>Crop to a square (drag the square or use the sliders to choose the part to keep)</span>
        </label>
        <label className="check-row">
          <input type="radio" name="logo-fit" checked={settings.fit === 'contain'} onChange={() => p.onFix({ fit: 'contain' })} />
          <span>Keep the whole image and pad it with transparent edges</span>
        </label>
      </fieldset>

      {result && afterRows && (
        <div className="logo-grid after">
          <LogoChecklist rows={afterRows} label="Checklist of the fixed logo" />
          <CirclePreviews previews={result.previews} what="The fixed logo" />
        </div>
      )}
      {result && result.notes.length > 0 && (
        <ul className="notes">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {p.compliant && (
        <p>
          <button type="button" className="link-button" onClick={p.onUseOriginal}>
            Use my original image instead
          </button>
        </p>
      )}
    </section>
  );
}

function RuleSummary({ rows }: { rows: readonly ChecklistRow[] }) {
  const failed = rows.filter((r) => r.status === 'fail');
  if (failed.length === 0) return <p className="small">The original already met every rule.</p>;
  return (
    <div className="rule-badges small">
      <span>
        Broke {failed.length} of {rows.length} rules:
      </span>
      {failed.map((r) => (
        <span key={r.rule} className="badge bad">
          {r.label}
        </span>
      ))}
    </div>
  );
}
