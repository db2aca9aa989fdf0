/**
 * The logos the user uploaded: the last few in memory, so fixing and planning never wait for the disk,
 * and every one on disk with the draft (wizard-state.ts), so a restarted app still has them. A logo's id
 * is its content hash, so a key never stands for two images and nothing needs invalidating: an id the
 * memory dropped is read back from the disk, and one the disk pruned too is gone (the user picks it again).
 */
import { ServiceError } from '../service-error';
import { KeepNewest } from '../keep-newest';
import type { WizardState } from './wizard-state';

export interface HeldLogo {
  readonly bytes: Buffer;
  readonly fileName: string;
}

/** Uploads kept in memory: the one in the form and a few it may go back to. */
export const KEEP_LOGOS_IN_MEMORY = 4;

export class RecentLogos {
  private readonly memory = new KeepNewest<string, HeldLogo>(KEEP_LOGOS_IN_MEMORY);

  /** `disk` is resolved on first use, so the config folder follows the environment of the running host. */
  constructor(private readonly disk: () => Pick<WizardState, 'getLogo' | 'putLogo'>) {}

  /**
   * Keeps `logo` under `logoId` in memory at once and on disk for the draft; resolves when the disk copy is
   * written or has failed (a failure goes to `onDiskError`: the memory copy still serves this session).
   */
  keep(logoId: string, logo: HeldLogo, onDiskError: (error: Error) => void): Promise<void> {
    const saved = this.disk()
      .putLogo(logoId, logo.bytes, logo.fileName)
      .catch((error: Error) => onDiskError(error));
    this.memory.set(logoId, logo);
    return saved;
  }

  /** The logo, from memory or else the disk; a clear error when neither has it. */
  async get(logoId: string): Promise<HeldLogo> {
    const held = this.memory.get(logoId) ?? (await this.disk().getLogo(logoId));
    if (!held)
      throw new ServiceError(
        'logo_gone',
        'The logo chosen earlier is no longer available. Go to the Logo step and choose the image file again.',
      );
    return held;
  }
}
