/**
 * The designer's state: the documents of the draft (edited, not yet published) with the version
 * each started from, the one open in the editor, the stored documents, the live entities and
 * lifecycles a design may point at, and the server's errors
 * placed on their documents and form items.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../core/apiError';
import { useScreen } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import type { EntityDef, PageDef } from '../meta';
import { draftKey, type DraftDocument } from './entityDraft';
import { placeError, type PlacedError } from './draftErrors';
import { NO_TARGETS, type Targets } from './referenceTargets';
import { createTableModelApi, type StoredDocument } from './tableModelApi';

/** The field names of a stored entity document (none for pages and lifecycles). */
export const storedFieldNames = (content: Record<string, unknown>): string[] =>
  Array.isArray(content.fields)
    ? (content.fields as { name?: string }[]).map((f) => f.name).filter((n): n is string => Boolean(n))
    : [];

export function useDesigner() {
  const screen = useScreen();
  const feedback = useFeedback();
  const api = useMemo(() => createTableModelApi(screen), [screen]);
  const [stored, setStored] = useState<StoredDocument[]>([]);
  const [draft, setDraft] = useState<DraftDocument[]>([]);
  const [openKey, setOpenKey] = useState<string>();
  const [errors, setErrors] = useState<PlacedError[]>([]);

  const [targets, setTargets] = useState<Targets>(NO_TARGETS);
  // After a publish too: a published entity or lifecycle becomes a target for the next design.
  const reload = useCallback(
    () =>
      Promise.all([api.listDocuments().then(setStored), api.listTargets().then(setTargets)]).then(
        () => undefined,
        feedback.error,
      ),
    [api, feedback],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Adds or replaces documents of the draft (by kind and name), keeping their base versions. */
  const put = useCallback(
    (docs: DraftDocument[]) =>
      setDraft((current) => {
        const next = [...current];
        for (const doc of docs) {
          const at = next.findIndex((d) => d.kind === doc.kind && d.name === doc.name);
          if (at >= 0)
            next[at] = {
              ...doc,
              baseVersion: doc.baseVersion ?? next[at].baseVersion,
              publishedFields: doc.publishedFields ?? next[at].publishedFields,
            };
          else next.push(doc);
        }
        return next;
      }),
    [],
  );

  const update = useCallback(
    (key: string, content: Record<string, unknown>) =>
      setDraft((current) => current.map((d) => (draftKey(d.kind, d.name) === key ? { ...d, content } : d))),
    [],
  );

  const removeFromDraft = useCallback(
    (key: string) => setDraft((current) => current.filter((d) => draftKey(d.kind, d.name) !== key)),
    [],
  );

  /** Opens a stored document (and, for an entity, its line entities) into the draft. */
  const openStored = useCallback(
    async (kind: string, name: string) => {
      const doc = await api.getDocument(kind, name);
      put([
        {
          kind: doc.kind,
          name: doc.name,
          content: doc.content,
          baseVersion: doc.version,
          publishedFields: storedFieldNames(doc.content),
        },
      ]);
      setOpenKey(draftKey(doc.kind, doc.name));
      return doc;
    },
    [api, put],
  );

  /** Runs a draft call; a 400 with errors places them and answers false. */
  const guarded = useCallback(
    async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      setErrors([]);
      try {
        return await run();
      } catch (error) {
        if (isApiError(error) && error.errors.length) {
          const keys = draft.map((d) => draftKey(d.kind, d.name));
          setErrors(error.errors.map((e) => placeError(e, keys)));
        }
        feedback.error(error);
        return undefined;
      }
    },
    [draft, feedback],
  );

  const entities = useMemo(
    () =>
      Object.fromEntries(
        draft.filter((d) => d.kind === 'entity').map((d) => [d.name, d.content as unknown as EntityDef]),
      ),
    [draft],
  );
  const pages = useMemo(
    () => draft.filter((d) => d.kind === 'page').map((d) => d.content as unknown as PageDef),
    [draft],
  );

  return {
    api,
    stored,
    targets,
    reload,
    draft,
    put,
    update,
    removeFromDraft,
    openKey,
    setOpenKey,
    openStored,
    errors,
    setErrors,
    guarded,
    entities,
    pages,
    clear: () => setDraft([]),
  };
}

export type Designer = ReturnType<typeof useDesigner>;
