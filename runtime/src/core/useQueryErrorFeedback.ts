/**
 * Tells the user once per failed fetch of a query (each new failure, not each render), except for
 * the HTTP statuses the screen answers itself (a 401 ends the session, a 404 shows "not found").
 */
import { useEffect } from 'react';
import { isApiError } from './apiError';
import { useFeedback } from './feedback';

export function useQueryErrorFeedback(
  query: { error: unknown; errorUpdatedAt: number },
  handledStatuses: readonly number[] = [],
): void {
  const feedback = useFeedback();
  const { error, errorUpdatedAt } = query;
  const handled = isApiError(error) && handledStatuses.includes(error.httpStatus);
  useEffect(() => {
    if (error && !handled) feedback.error(error);
  }, [error, errorUpdatedAt, handled, feedback]);
}
