/** One thing wrong with a metadata document: which document, where in it, and what. */
export interface MetadataProblem {
  document: string;
  pointer: string;
  message: string;
}

export function formatProblem(p: MetadataProblem): string {
  return `${p.document} at ${p.pointer}: ${p.message}`;
}

/** Thrown when metadata cannot be used; start-up stops with every problem listed. */
export class MetadataError extends Error {
  constructor(readonly problems: MetadataProblem[]) {
    super(
      `Metadata is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${formatProblem(p)}`).join('\n'),
    );
    this.name = 'MetadataError';
  }
}
