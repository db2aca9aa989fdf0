import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CropBox, FixSettings, LogoInspection } from '../../../../../domain/ipc/registry-channels';
import { useApi } from '../../../app/api-context';
import { centredSquare } from '../crop';
import { buildChecklist, checklistPasses, formatBytes, otherLogoNotes } from '../logo-checklist';
import { Spinner, StepHeading } from '../parts/common';
import { LogoDropZone } from '../parts/LogoDropZone';
import { applyFix, removeLogo, useOriginalLogo } from '../wizard-actions';
import { chooseLogoMutation } from '../wizard-mutations';
import { useWizardState } from '../wizard-queries';
import type { WizardState } from '../wizard-state';
import { ExistingLogoCard } from './logo/ExistingLogoCard';
import { LogoBeforeAfter } from './logo/LogoBeforeAfter';
import { LogoFirstLook } from './logo/LogoFirstLook';

/** Crop changes are sent to the fixer after a short pause, not on every pixel of a drag. */
const FIX_DELAY_MS = 250;

/** Step 5: the container; what it shows is in `logo/` (props in, callbacks out). */
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

/** The dropped image, inspected: a file that cannot be opened, its first look, or before and after the fix. */
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
  const fixWith = (next: FixSettings, later = false) => {
    clearTimeout(timer.current);
    const run = () => {
      setWaiting(false);
      applyFix(next);
    };
    if (!later) run();
    else {
      setWaiting(true);
      timer.current = setTimeout(run, FIX_DELAY_MS);
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
  const shared = { inspection, rows, facts, compliant };
  if (!settings)
    return <LogoFirstLook {...shared} notes={otherLogoNotes(inspection.findings)} defaultCrop={defaultCrop} onFix={(s) => fixWith(s)} />;
  return (
    <LogoBeforeAfter
      {...shared}
      settings={settings}
      crop={settings.crop ?? defaultCrop}
      result={fix.status === 'done' || (fix.status === 'loading' && fix.data) ? fix.data : undefined}
      busy={waiting || fix.status === 'loading'}
      error={fix.status === 'error' ? fix.message : undefined}
      onFix={fixWith}
      onUseOriginal={useOriginalLogo}
    />
  );
}
