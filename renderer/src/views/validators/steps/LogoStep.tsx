import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CropBox, ExistingLogo, FixSettings, LogoInspection } from '../../../../../domain/ipc/registry-channels';
import { useApi } from '../../../app/api-context';
import { centredSquare } from '../crop';
import { buildChecklist, checklistPasses, formatBytes, otherLogoNotes, type ChecklistRow } from '../logo-checklist';
import { CirclePreviews } from '../parts/CirclePreviews';
import { Spinner, StepHeading } from '../parts/common';
import { CropEditor } from '../parts/CropEditor';
import { LogoChecklist } from '../parts/LogoChecklist';
import { LogoDropZone } from '../parts/LogoDropZone';
import { applyFix, removeLogo, useOriginalLogo } from '../wizard-actions';
import { chooseLogoMutation } from '../wizard-mutations';
import { useWizardState } from '../wizard-queries';
import type { Load, WizardState } from '../wizard-state';

/** Crop changes are sent to the fixer after a short pause, not on every pixel of a drag. */
const FIX_DELAY_MS = 250;

export function LogoStep() {
  // The current logo of an entry being updated is read on this step (wizard-queries.ts).
  const { draft, logo, fix, existingLogo } = useWizardState();
  const { mode, logo: chosen } = draft;
  const choose = useMutation(chooseLogoMutation(useApi()));

  return (
    <>
      <StepHeading number={5} title="Logo">
        The wallet shows your logo in a small circle. The registry needs a square PNG of 128–512 px (256 recommended) and at most 100 kB.
        Drop any image: the wizard checks it against every rule and can fix it for you.
      </StepHeading>
      {mode === 'update' && <ExistingLogoCard existing={existingLogo} replaced={chosen !== null} />}
      <LogoDropZone onFile={(file) => choose.mutate(file)} compact={chosen !== null} busy={logo.status === 'loading'} />
      <div aria-live="polite">
        {logo.status === 'loading' && (
          <div className="logo-loading panel-inset">
            <Spinner label={`Checking “${logo.fileName}”…`} />
          </div>
        )}
        {logo.status === 'error' && (
          <p className="callout error" role="alert">
            {logo.message}
          </p>
        )}
      </div>
      {logo.status === 'done' && chosen && logo.data.logoId === chosen.logoId && (
        <ChosenLogo inspection={logo.data} settings={chosen.fix} fix={fix} />
      )}
    </>
  );
}

function ExistingLogoCard({ existing, replaced }: { existing: Load<ExistingLogo>; replaced: boolean }) {
  if (existing.status === 'loading') return <Spinner label="Reading the current logo…" />;
  if (existing.status === 'error') return <p className="callout warn">{existing.message}</p>;
  if (existing.status !== 'done') return null;
  const current = existing.data;
  const problems = current.findings.filter((f) => f.severity === 'error');
  return (
    <section className="existing-logo panel-inset" aria-labelledby="existing-logo-title">
      <h3 id="existing-logo-title">Current logo</h3>
      {!current.present && (
        <p className="muted">
          This validator has no logo yet. Adding one is optional for an update, but entries without a logo look unfinished in the wallet.
        </p>
      )}
      {current.present && (
        <div className="existing-row">
          {current.previews ? (
            <CirclePreviews previews={current.previews} what="The current logo" />
          ) : (
            <p className="muted">The current logo cannot be displayed.</p>
          )}
          <div>
            {problems.length === 0 ? (
              <p className="callout ok">The current logo meets the rules.</p>
            ) : (
              <p className="callout warn">The current logo breaks a rule: {problems[0]!.message} Drop a new image below to replace it.</p>
            )}
            <p className="muted small">
              {replaced ? 'It will be replaced by the image below.' : 'It stays as it is unless you drop a new image below.'}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}

function ChosenLogo({ inspection, settings, fix }: { inspection: LogoInspection; settings: FixSettings | null; fix: WizardState['fix'] }) {
  const client = useQueryClient();
  const rows = useMemo(
    () =>
      buildChecklist(
        {
          fileName: inspection.fileName,
          bytes: inspection.bytes,
          format: inspection.format,
          width: inspection.width,
          height: inspection.height,
        },
        inspection.findings,
      ),
    [inspection],
  );
  const compliant = !inspection.problem && checklistPasses(rows);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const facts = [
    inspection.fileName,
    inspection.format?.toUpperCase() ?? 'unknown format',
    inspection.width ? `${inspection.width}×${inspection.height} px` : null,
    formatBytes(inspection.bytes),
  ]
    .filter(Boolean)
    .join(' · ');

  // True from the first crop change until the fixer has been asked: the "After" image is about to change.
  const [waiting, setWaiting] = useState(false);
  const fixWith = (next: FixSettings, delay = 0) => {
    clearTimeout(timer.current);
    const run = () => {
      setWaiting(false);
      applyFix(next);
    };
    if (delay === 0) run();
    else {
      setWaiting(true);
      timer.current = setTimeout(run, delay);
    }
  };
  const defaultCrop: CropBox | undefined =
    inspection.width && inspection.height ? centredSquare(inspection.width, inspection.height) : undefined;

  if (inspection.problem) {
    return (
      <div className="callout error" role="alert">
        <p>{inspection.problem}</p>
        <button type="button" className="button small" onClick={() => removeLogo(client)}>
          Remove this file
        </button>
      </div>
    );
  }

  if (!settings) {
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
        <Notes findings={otherLogoNotes(inspection.findings)} />
        {compliant ? (
          <div className="callout ok action-callout">
            <p>This image meets every rule and will be saved as it is. You can still let the wizard resize and compress it.</p>
            <button type="button" className="button" onClick={() => fixWith({ fit: 'cover' })}>
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
              onClick={() => fixWith({ fit: 'cover', ...(defaultCrop ? { crop: defaultCrop } : {}) })}
            >
              Fix logo
            </button>
          </div>
        )}
      </section>
    );
  }

  const result = fix.status === 'done' || (fix.status === 'loading' && fix.data) ? fix.data : undefined;
  const afterRows = result
    ? buildChecklist({ fileName: 'logo.png', bytes: result.bytes, format: 'png', width: result.size, height: result.size }, result.after)
    : null;
  const crop = settings.crop ?? defaultCrop;
  const busy = waiting || fix.status === 'loading';
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
              onChange={(c) => fixWith({ fit: 'cover', crop: c }, FIX_DELAY_MS)}
            />
          ) : (
            <div className="image-frame checkerboard">{inspection.display && <img src={inspection.display} alt="Your image" />}</div>
          )}
          <p className="muted small">{facts}</p>
          <RuleSummary rows={rows} />
        </div>
        <div className="ba-column">
          <p className="ba-label">After</p>
          <div className="image-frame checkerboard fixed" data-busy={busy}>
            {result && <img src={result.png} alt="The fixed logo that will be saved as logo.png" />}
            {busy && (
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
          {fix.status === 'error' && (
            <p className="callout error" role="alert">
              {fix.message}
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
            onChange={() => fixWith({ fit: 'cover', ...(crop ? { crop } : {}) })}
          />
          <span>Crop to a square (drag the square or use the sliders to choose the part to keep)</span>
        </label>
        <label className="check-row">
          <input type="radio" name="logo-fit" checked={settings.fit === 'contain'} onChange={() => fixWith({ fit: 'contain' })} />
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
      {compliant && (
        <p>
          <button type="button" className="link-button" onClick={useOriginalLogo}>
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
