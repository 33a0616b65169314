/**
 * Client-side rules of the registration forms: the server's own validators (docs/architecture.md
 * "Spec: validators"), so both sides agree.
 */
import { NAMED_VALIDATORS, type ValidatorName } from '@meridian/metadata';
import type { FormRule } from 'antd';
import { pickLabel, type Language } from '../../../core/language';

/** The unified social credit code: 18 characters, no I, O, S, V or Z (the pattern of srmSlcRegisterInfo). */
export const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** As the server's LOGIN_NAME_PATTERN. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{3,49}$/;

export function required(message: string): FormRule {
  return { required: true, whitespace: true, message };
}

export function named(name: ValidatorName, language: Language): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !NAMED_VALIDATORS[name].pattern.test(text))
        throw new Error(pickLabel(NAMED_VALIDATORS[name].message, language));
    },
  };
}

export function matches(pattern: RegExp, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !pattern.test(text)) throw new Error(message);
    },
  };
}
