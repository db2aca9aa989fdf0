import type { CropBox, FixSettings, LogoInspection } from '../../../../../../domain/ipc/registry-channels';
import type { ChecklistRow } from '../../logo-checklist';
import { CirclePreviews } from '../../parts/CirclePreviews';
import { LogoChecklist } from '../../parts/LogoChecklist';

export interface LogoFirstLookProps {
  inspection: LogoInspection;
  rows: readonly ChecklistRow[];
  /** "name · FORMAT · W×H px · size", under the image. */
  facts: string;
  compliant: boolean;
  notes: readonly { code: string; message: string }[];
  /** Where a crop starts: the centred square, when the size is known. */
  defaultCrop: CropBox | undefined;
  onFix: (settings: FixSettings) => void;
}

/** The image as dropped, before any fix: its checklist, how the wallet would show it, and Fix logo. */
export function LogoFirstLook({ inspection, rows, facts, compliant, notes, defaultCrop, onFix }: LogoFirstLookProps) {
  return (
    <section className="logo-result" aria-labelledby="logo-result-title">
      <h3 id="logo-result-title" className="visually-hidden">
        Your image
      </h3>
      <div className="logo-grid">
        <div className="logo-source">
          <div className="image-frame checkerboard">{inspection.display && <img src={inspection.display} alt="Your image" />}</div>
          <p className="muted small">{facts}</p>
        </div>
        <LogoChecklist rows={rows} label="Logo checklist" />
      </div>
      {inspection.previews && <CirclePreviews previews={inspection.previews} what="Your image" />}
      <Notes findings={notes} />
      {compliant ? (
        <div className="callout ok action-callout">
          <p>This image meets every rule and will be saved as it is. You can still let the wizard resize and compress it.</p>
          <button type="button" className="button" onClick={() => onFix({ fit: 'cover' })}>
            Fix logo
          </button>
        </div>
      ) : (
        <div className="callout warn action-callout">
          <p>
            This image does not meet the registry’s rules yet. <strong>Fix logo</strong> makes a compliant copy: a square of 256×256 px,
            saved as PNG under 100 kB. You can then adjust which part is kept.
          </p>
          <button
            type="button"
            className="button primary"
            onClick={() => onFix({ fit: 'cover', ...(defaultCrop ? { crop: defaultCrop } : {}) })}
          >
            Fix logo
          </button>
        </div>
      )}
    </section>
  );
}

function Notes({ findings }: { findings: readonly { code: string; message: string }[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="notes">
      {findings.map((f) => (
        <li key={f.code}>{f.message}</li>
      ))}
    </ul>
  );
}
