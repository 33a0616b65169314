/**
 * The generic page components, for custom page widgets that render pages of their own (the
 * table_model designer's preview). The page resolver provides them, so such a widget never imports
 * the pages: the pages use the widget registry, and the registry's built-ins include the widget.
 */
import { createContext, type ComponentType } from 'react';
import type { PageProps } from './types';

export interface GeneratedPages {
  ListPage: ComponentType<PageProps>;
  EditPage: ComponentType<PageProps>;
}

export const GeneratedPagesContext = createContext<GeneratedPages | null>(null);
