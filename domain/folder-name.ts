/**
 * Whether a validator id can be a folder name in every clone of the registry. Each id becomes the folder
 * `assets/<id>/`, and the registry is cloned on Linux, macOS and Windows: an id that one of them cannot
 * hold as an ordinary folder (or that git treats as its own) breaks the write, the clone or the pull
 * request. This is the one rule; the engine (write plan, checks), the CLI, the app and the wizard's live
 * id check all ask here, and no override lifts it.
 */

/** Longest id accepted as a folder name (file systems allow 255 bytes; real ids are far shorter). */
export const MAX_FOLDER_NAME_LENGTH = 200;

// Windows reserves these device names as file names in every folder, with any extension and in any case
// ("con.png", "Lpt1"). The superscript digits are reserved too.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\s*\..*)?$/i;
// Characters Windows forbids in names (and `/`, `\` separate folders everywhere).
const FORBIDDEN_CHARACTER = /[/\\:*?"<>|]/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why `name` cannot be a portable folder name, as the end of a sentence ("is git's own folder name"), or
 * null when it can.
 */
export function folderNameProblem(name: string): string | null {
  if (name.length === 0) return 'is empty';
  if (name.length > MAX_FOLDER_NAME_LENGTH) return `is longer than ${MAX_FOLDER_NAME_LENGTH} characters`;
  if (name === '.' || name === '..') return 'means a folder itself or its parent, not a folder of its own';
  if (name.toLowerCase() === '.git') return "is git's own folder name, which git never stores in a repository";
  const control = CONTROL_CHARACTER.exec(name);
  if (control) return `contains a control character (U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  const forbidden = FORBIDDEN_CHARACTER.exec(name);
  if (forbidden) return `contains "${forbidden[0]}", which cannot be in a folder name on every system (/ \\ : * ? " < > | are not allowed)`;
  if (/^\s|\s$/.test(name)) return 'starts or ends with a space, which Windows drops from folder names';
  if (/^\.|\.$/.test(name)) return 'starts or ends with a dot (a leading dot hides the folder, Windows drops a trailing one)';
  if (WINDOWS_DEVICE.test(name))
    return 'is a device name Windows reserves (CON, PRN, AUX, NUL, COM1–9, LPT1–9), so no folder can have it there';
  return null;
}

export function isPortableFolderName(name: string): boolean {
  return folderNameProblem(name) === null;
}
