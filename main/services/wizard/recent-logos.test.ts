import { describe, expect, it } from 'vitest';
import { ServiceError } from '../service-error';
import { KEEP_LOGOS_IN_MEMORY, RecentLogos, type HeldLogo } from './recent-logos';

/** A disk that records reads and writes; `failWrites` makes every write fail. */
function fakeDisk(failWrites = false) {
  const files = new Map<string, HeldLogo>();
  const reads: string[] = [];
  return {
    files,
    reads,
    disk: {
      putLogo: async (id: string, bytes: Buffer, fileName: string) => {
        if (failWrites) throw new Error('disk full');
        files.set(id, { bytes, fileName });
      },
      getLogo: async (id: string) => {
        reads.push(id);
        return files.get(id) ?? null;
      },
    },
  };
}

const logo = (n: number): HeldLogo => ({ bytes: Buffer.from([n]), fileName: `logo-${n}.png` });

describe('RecentLogos', () => {
  it('serves the newest uploads from memory and older ones from the disk', async () => {
    const { disk, reads } = fakeDisk();
    const logos = new RecentLogos(() => disk);
    for (let i = 0; i <= KEEP_LOGOS_IN_MEMORY; i++) await logos.keep(`id${i}`, logo(i), () => undefined);
    expect(await logos.get(`id${KEEP_LOGOS_IN_MEMORY}`)).toEqual(logo(KEEP_LOGOS_IN_MEMORY));
    expect(reads).toEqual([]);
    expect(await logos.get('id0')).toEqual(logo(0));
    expect(reads).toEqual(['id0']);
  });

  it('a failed disk copy is reported and the memory copy still serves', async () => {
    const { disk } = fakeDisk(true);
    const problems: string[] = [];
    const logos = new RecentLogos(() => disk);
    await logos.keep('id', logo(1), (error) => problems.push(error.message));
    expect(problems).toEqual(['disk full']);
    expect(await logos.get('id')).toEqual(logo(1));
  });

  it('a logo in neither place is gone, in plain words', async () => {
    const logos = new RecentLogos(() => fakeDisk().disk);
    const error = await logos.get('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('logo_gone');
    expect((error as ServiceError).message).toMatch(/choose the image file again/);
  });

  it('does not reach for the disk before a logo is kept or asked for', async () => {
    let resolved = 0;
    const { disk } = fakeDisk();
    const logos = new RecentLogos(() => (resolved++, disk));
    expect(resolved).toBe(0);
    await logos.keep('id', logo(1), () => undefined);
    expect(resolved).toBe(1);
  });
});
