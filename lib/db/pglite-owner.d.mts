// Types of pglite-owner.mjs.
import type { PGlite } from '@electric-sql/pglite';

export type FolderBackup = { tarball: Uint8Array; pausedMs: number };

export class FolderInUseError extends Error {
  readonly code: '57P03';
  readonly pid: number | null;
  constructor(folder: string, pid: number | null);
}
export function ownerSocket(folder: string): string;
export function consistentTarball(client: PGlite): Promise<FolderBackup>;
export function claimFolder(
  folder: string,
  backup?: () => Promise<FolderBackup>,
): Promise<{ socket: string; release: () => Promise<void> }>;
export function backupFromHolder(folder: string, timeoutMs: number): Promise<FolderBackup | null>;
