/** The square crop box of the logo fixer, in pixels of the upright source image. */
import type { CropBox } from '../../../../domain/ipc/registry-channels';

/** The largest centred square: what "crop to a square" keeps by default. */
export function centredSquare(width: number, height: number): CropBox {
  const side = Math.min(width, height);
  return { left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2), width: side, height: side };
}

/** Smaller crops would be enlarged more than 4× into a 256 px logo and look blurred. */
export const MIN_CROP_SIDE = 64;

/** Keeps a square inside the image with whole pixels, at least MIN_CROP_SIDE (or the whole image) big. */
export function clampSquare(
  box: { left: number; top: number; side: number },
  width: number,
  height: number,
  minSide = MIN_CROP_SIDE,
): CropBox {
  const maxSide = Math.min(width, height);
  const side = Math.round(Math.min(maxSide, Math.max(Math.min(minSide, maxSide), box.side)));
  const left = Math.round(Math.min(width - side, Math.max(0, box.left)));
  const top = Math.round(Math.min(height - side, Math.max(0, box.top)));
  return { left, top, width: side, height: side };
}

/** Resizes around the box's centre (what a "size" slider does). */
export function resizeSquare(box: CropBox, side: number, width: number, height: number): CropBox {
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  return clampSquare({ left: cx - side / 2, top: cy - side / 2, side }, width, height);
}

export function moveSquare(box: CropBox, dx: number, dy: number, width: number, height: number): CropBox {
  return clampSquare({ left: box.left + dx, top: box.top + dy, side: box.width }, width, height);
}

/** Percentages for placing the box over the displayed image. */
export function boxPercent(box: CropBox, width: number, height: number) {
  return {
    left: (box.left / width) * 100,
    top: (box.top / height) * 100,
    width: (box.width / width) * 100,
    height: (box.height / height) * 100,
  };
}
