/** Feedback through antd's message (2.5 s, docs/architecture.md "Spec: constants"), with ApiError msg as the text. */
import { App } from 'antd';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../core/apiError';
import { FeedbackContext, type Feedback } from '../core/feedback';
import { isWarningDeclined } from '../core/warnings';

export const MESSAGE_SECONDS = 2.5;

export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.msg || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function AppFeedback({ children }: { children: ReactNode }) {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  // Stable across language switches: controllers depend on feedback, and a new object would
  // make them reload (and an edit form lose what the user typed).
  const translate = useRef(t);
  translate.current = t;
  const feedback = useMemo<Feedback>(
    () => ({
      // A warning the user declined saved nothing and needs no message (core/warnings.ts).
      error: (error) =>
        isWarningDeclined(error)
          ? undefined
          : void message.error(errorText(error, translate.current('page.loadFailed')), MESSAGE_SECONDS),
      success: (text) => void message.success(text, MESSAGE_SECONDS),
      warning: (text) => void message.warning(text, MESSAGE_SECONDS),
      // A warning the server asks to confirm: its message, "Continue anyway?"; OK re-sends the request.
      confirm: (text) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: translate.current('common.continueAnyway'),
            content: text,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    }),
    [message, modal],
  );
  return <FeedbackContext.Provider value={feedback}>{children}</FeedbackContext.Provider>;
}
