/**
 * Calls of the supplier registration screens (server: srmSlcRegisterInfoRestful custom actions).
 * They go through the one request client (headers, appsign, envelope, errors) without a screen:
 * /register is anonymous and /registerInfoEdit is outside the shell's menus.
 */
import { request } from '../../../core/request';
import type { DataRecord } from '../../../meta';

const BASE = '/api/srmServer/v1/srmSlcRegisterInfoRestful';

export interface Option {
  lookupCode: string;
  meaning: string;
}

export interface CategoryOption {
  categoryId: number;
  categoryCode: string;
  categoryName: string;
}

export interface RegisterAnswer {
  registerId: number;
  registerNumber: string;
  registerStatus: string;
  userName: string;
}

const data = async <T>(action: string, body: object = {}): Promise<{ data: T; msg: string }> => {
  const result = await request<T>(`${BASE}/${action}`, body);
  return { data: result.data, msg: result.msg };
};

export const registrationApi = {
  registerOptions: async () => (await data<{ supplierTypes: Option[] }>('registerOptions')).data,
  doRegister: (form: object) => data<RegisterAnswer>('doRegister', form),
  findMine: async () => (await data<DataRecord>('findMyRegisterInfo')).data,
  saveMine: (record: DataRecord) => data<DataRecord>('saveMyRegisterInfo', record),
  submitMine: (versionNum: unknown) => data<DataRecord>('doSubmitRegisterInfo', { versionNum }),
  categories: async () => (await data<CategoryOption[]>('listRegisterCategories')).data,
};
