/** The "Logo" file input, also a drop target for any image dragged from the desktop or a browser. */
import { useRef, useState, type DragEvent } from 'react';

const ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,image/svg+xml,image/avif,image/bmp,image/tiff,.png,.jpg,.jpeg,.webp,.gif,.svg,.avif';

export function LogoDropZone({ onFile, compact, busy }: { onFile: (file: File) => void; compact: boolean; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string>();

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file) {
      setProblem(
        'Nothing was dropped that the wizard can read. Drag the image file itself (from your files or desktop), or press “Choose image”.',
      );
      return;
    }
    setProblem(undefined);
    onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };

  return (
    <div className="field">
      <label htmlFor="logo-file" className="field-label">
        Logo
      </label>
      <div
        className={`drop-zone${over ? ' over' : ''}${compact ? ' compact' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onClick={(e) => {
          if (e.target === e.currentTarget) input.current?.click();
        }}
      >
        <input
          ref={input}
          id="logo-file"
          type="file"
          accept={ACCEPT}
          className="drop-input"
          aria-describedby="logo-file-hint"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <svg className="drop-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
        </svg>
        <div className="drop-text">
          <strong>{compact ? 'Drop another image here to replace it' : 'Drop your logo here'}</strong>
          <span id="logo-file-hint" className="muted">
            PNG, JPEG, WebP, GIF, SVG or AVIF, any size up to 30 MB. The wizard checks it and can fix it for you.
          </span>
        </div>
        <button type="button" className="button" onClick={() => input.current?.click()} disabled={busy} tabIndex={-1} aria-hidden="true">
          Choose image…
        </button>
      </div>
      {problem && <p className="field-message error">{problem}</p>}
    </div>
  );
}
