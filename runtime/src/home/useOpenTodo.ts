/**
 * Opening a to-do (docs/architecture.md "Spec: routes and home", "Spec: states"): the menu is resolved from
 * the current responsibility,
 * system code BASE and the item's menu code (missing → menu id 0); the page opens at billLink (or
 * the menu's page) with menuId and respId; items without a menu code do not navigate. Items the
 * rule marks handled are saved, and the pending list reloads afterwards even if saving failed.
 */
import type { TodoKind } from '@meridian/metadata';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '../core/feedback';
import { getResponsibilityId } from '../core/session';
import type { DataRecord } from '../meta';
import { useHomeApi } from './homeApi';
import { todoOpening, todoTarget } from './homeRules';

export function useOpenTodo(kind: TodoKind, reloadPending: () => Promise<void>): (item: DataRecord) => Promise<void> {
  const api = useHomeApi();
  const navigate = useNavigate();
  const feedback = useFeedback();
  return useCallback(
    async (item: DataRecord) => {
      const { handle, navigate: goes } = todoOpening(kind, item);
      const saving = handle
        ? api
            .doHandle(kind, item[kind === 'internal' ? 'todoId' : 'supplierTodoId'])
            .catch((error: unknown) => feedback.error(error))
            .finally(() => reloadPending())
        : Promise.resolve();
      if (goes) {
        const respId = getResponsibilityId();
        try {
          const menu = await api.findMenu(respId, String(item.menuCode));
          const target = todoTarget(item, menu, respId);
          if (target) navigate(target);
        } catch (error) {
          feedback.error(error);
        }
      }
      await saving;
    },
    [api, kind, navigate, feedback, reloadPending],
  );
}
