/**
 * Validate → save → place server field errors: shared by the edit page and the modal.
 * 409 sets the controller's conflict flag; the caller shows the conflict notice.
 */
import type { Form } from '@formily/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../core/apiError';
import { useFeedback } from '../core/feedback';
import type { RecordController } from '../core/useRecordController';
import type { DataRecord } from '../meta';
import { describeInvalidFields } from './invalidFields';
import { applyServerErrors } from './serverErrors';

export function useSaveRecord(form: Form, controller: RecordController) {
  const feedback = useFeedback();
  const { t } = useTranslation();
  return useCallback(async (): Promise<DataRecord | null> => {
    try {
      await form.validate();
    } catch (invalid) {
      // Formily rejects with the feedback of every invalid field.
      feedback.warning(describeInvalidFields(form, Array.isArray(invalid) ? invalid : [], t));
      return null;
    }
    try {
      const saved = await controller.save({ ...form.values });
      feedback.success(t('common.saved'));
      return saved;
    } catch (error) {
      if (isApiError(error) && error.isConflict) {
        feedback.warning(t('record.conflict'));
      } else if (isApiError(error) && error.errors.length > 0) {
        const unplaced = applyServerErrors(form, error.errors);
        feedback.warning(
          unplaced.length ? unplaced.map((e) => e.message).join('; ') : error.msg || t('record.fixErrors'),
        );
      } else {
        feedback.error(error);
      }
      return null;
    }
  }, [form, controller, feedback, t]);
}
