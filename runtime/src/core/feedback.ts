/**
 * How core code tells the user something without importing antd: the app supplies an
 * implementation (antd message), tests supply a recording one.
 */
import { createContext, useContext } from 'react';

export interface Feedback {
  error(error: unknown): void;
  success(text: string): void;
  warning(text: string): void;
  /**
   * Asks the user to confirm a warning the server raised (its message): resolves true on OK. Without
   * it, a warning is not confirmable and stays an error (core/warnings.ts).
   */
  confirm?(text: string): Promise<boolean>;
}

export const consoleFeedback: Feedback = {
  error: (error) => console.error(error),
  success: () => undefined,
  warning: (text) => console.warn(text),
};

export const FeedbackContext = createContext<Feedback>(consoleFeedback);

export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}
