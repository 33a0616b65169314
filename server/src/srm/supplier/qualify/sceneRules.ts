import type { MetadataRegistry } from '@meridian/metadata/node';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { nodeConfigOf } from './qualifyFill';

/**
 * doSetup of an introduction scene (DOMAIN 1.4): its nodeConfig must be an ordered list of
 * distinct SLC_QUALIFY_NODE codes with requiredFlag Y/N that starts with QUALIFICATION (the
 * review's own approval passes that node), so every review of the scene can complete.
 */
export function checkSceneNodes(registry: MetadataRegistry, run: TransitionRun): void {
  const config = nodeConfigOf(run.record.nodeConfig);
  const known = new Set((registry.lookupType('SLC_QUALIFY_NODE')?.values ?? []).map((v) => v.lookupCode));
  const codes = config.map((n) => n.nodeCode);
  const wrong = codes.filter((code) => !known.has(code));
  if (!config.length || codes[0] !== 'QUALIFICATION') throw declaredError('qualify.scenesStartWithQualification');
  if (wrong.length || new Set(codes).size !== codes.length)
    throw declaredError('qualify.scenesUnknownOrRepeated', { nodes: wrong.join(', ') || codes.join(', ') });
}
