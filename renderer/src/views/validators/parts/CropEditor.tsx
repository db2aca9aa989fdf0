/**
 * The square crop of the logo fixer over a small copy of the image. Drag the square, or use the three
 * sliders (keyboard: arrow keys on the square move it, + and − resize it). Coordinates are in pixels
 * of the upright original, which is what the fixer expects.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CropBox } from '../../../../../domain/ipc/registry-channels';
import { boxPercent, clampSquare, MIN_CROP_SIDE, moveSquare, resizeSquare } from '../crop';

interface Props {
  display: string;
  width: number;
  height: number;
  crop: CropBox;
  onChange: (crop: CropBox) => void;
}

export function CropEditor({ display, width, height, crop, onChange }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: CropBox } | null>(null);
  const [box, setBox] = useState(crop);
  // A crop set from outside (a new image, reset) replaces the one being dragged.
  const [given, setGiven] = useState(crop);
  if (given !== crop) {
    setGiven(crop);
    setBox(crop);
  }

  const update = (next: CropBox) => {
    setBox(next);
    onChange(next);
  };
  const scale = () => width / (frame.current?.clientWidth || width);
  const minSide = Math.min(width, height, MIN_CROP_SIDE);
  const maxSide = Math.min(width, height);
  const step = Math.max(1, Math.round(maxSide / 100));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: box };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const k = scale();
    setBox(moveSquare(d.start, (e.clientX - d.x) * k, (e.clientY - d.y) * k, width, height));
  };
  const onPointerUp = () => {
    if (drag.current) onChange(box);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const by = e.shiftKey ? step * 10 : step;
    const moves: Record<string, () => CropBox> = {
      ArrowLeft: () => moveSquare(box, -by, 0, width, height),
      ArrowRight: () => moveSquare(box, by, 0, width, height),
      ArrowUp: () => moveSquare(box, 0, -by, width, height),
      ArrowDown: () => moveSquare(box, 0, by, width, height),
      '+': () => resizeSquare(box, box.width + by * 2, width, height),
      '=': () => resizeSquare(box, box.width + by * 2, width, height),
      '-': () => resizeSquare(box, box.width - by * 2, width, height),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      update(move());
    }
  };
  const pct = boxPercent(box, width, height);

  return (
    <div className="crop-editor">
      <div className="crop-frame checkerboard" ref={frame}>
        <img src={display} alt="Your image, with the part that will be kept outlined" draggable={false} />
        <div
          className="crop-box"
          role="group"
          tabIndex={0}
          aria-label={`Crop square, ${box.width}×${box.height} px at ${box.left}, ${box.top}. Arrow keys move it, plus and minus resize it.`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          // Set through the CSSOM, which the CSP allows (it forbids only style attributes in markup).
          style={{ left: `${pct.left}%`, top: `${pct.top}%`, width: `${pct.width}%`, height: `${pct.height}%` }}
        >
          <span className="crop-circle" aria-hidden="true" />
        </div>
      </div>
      <div className="crop-sliders">
        <Slider
          id="crop-size"
          label="Crop size"
          value={box.width}
          min={minSide}
          max={maxSide}
          step={step}
          onChange={(v) => update(resizeSquare(box, v, width, height))}
          unit="px"
        />
        <Slider
          id="crop-left"
          label="Horizontal position"
          value={box.left}
          min={0}
          max={width - box.width}
          step={step}
          onChange={(v) => update(clampSquare({ left: v, top: box.top, side: box.width }, width, height))}
          unit="px from the left"
        />
        <Slider
          id="crop-top"
          label="Vertical position"
          value={box.top}
          min={0}
          max={height - box.height}
          step={step}
          onChange={(v) => update(clampSquare({ left: box.left, top: v, side: box.width }, width, height))}
          unit="px from the top"
        />
      </div>
    </div>
  );
}

function Slider({
  id,
  label,
  value,
  min,
  max,
  step,
  onChange,
  unit,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (v: number) => void;
  unit: string;
}) {
  return (
    <div className="slider-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={max <= min}
        aria-valuetext={`${value} ${unit}`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id} className="mono small">
        {value} px
      </output>
    </div>
  );
}
