/**
 * The folder the user chose for collections, as `collectionsFolder` in settings.json (the app's settings
 * file, shared with the CLI; written under its lock, atomically, and never over a file it cannot parse).
 * Unset means the default folder. The value is only stored here: folder-choice.ts checks it before use.
 */
import { AppSettingsFile } from '../../platform/credentials/app-settings';
import { settingsFile, type PathContext } from '../../platform/credentials/config-paths';

export const COLLECTIONS_FOLDER_SETTING = 'collectionsFolder';

/**
 * The chosen folder as saved, or undefined for the default. A value of another kind (the file edited by
 * hand) comes back as text, so the check refuses it in plain words and "Use the default folder" clears it.
 */
export async function collectionsFolderSetting(paths: PathContext): Promise<string | undefined> {
  const value = await new AppSettingsFile(settingsFile(paths)).get(COLLECTIONS_FOLDER_SETTING);
  return value === undefined ? undefined : String(value);
}

/** Saves the chosen folder; undefined goes back to the default. Every other setting is kept as it was. */
export async function saveCollectionsFolderSetting(paths: PathContext, dir: string | undefined): Promise<void> {
  await new AppSettingsFile(settingsFile(paths)).update({ [COLLECTIONS_FOLDER_SETTING]: dir });
}
