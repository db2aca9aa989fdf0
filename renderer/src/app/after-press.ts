/**
 * Runs a change now, or, while a mouse button or a finger is down, just after it is released and its click
 * has happened. A field's message that appears as the field loses focus would otherwise move the button
 * being pressed (Run, Next) from under the pointer, and the press would be lost.
 */
let pressed = false;
const press = (down: boolean) => () => {
  pressed = down;
};
document.addEventListener('pointerdown', press(true), true);
document.addEventListener('pointerup', press(false), true);
document.addEventListener('pointercancel', press(false), true);

export function afterPress(change: () => void): void {
  if (!pressed) {
    change();
    return;
  }
  const released = () => {
    document.removeEventListener('pointerup', released, true);
    document.removeEventListener('pointercancel', released, true);
    // After the click that follows the release.
    setTimeout(change, 0);
  };
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
}
