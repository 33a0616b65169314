/** The hook custom pages call to name their shell tab (see tabContext.ts). */
export { useTabTitle } from './tabContext';
