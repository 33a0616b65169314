/** antd form rules for a new password and its confirmation (the rule of core/passwordRule). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { passwordProblem } from '../core/passwordRule';

export function newPasswordRules(t: TFunction, userName: () => string, oldField?: string): FormRule[] {
  return [
    { required: true, message: t('password.newRequired') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value : '';
        if (!text) return;
        const problem = passwordProblem(text, userName());
        if (problem) throw new Error(t(problem));
        if (oldField && text === getFieldValue(oldField)) throw new Error(t('password.sameAsOld'));
      },
    }),
  ];
}

export function confirmPasswordRules(t: TFunction, newField: string): FormRule[] {
  return [
    { required: true, message: t('password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(newField)) throw new Error(t('password.mismatch'));
      },
    }),
  ];
}
