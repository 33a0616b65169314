/** A small purchase-requisition model (header, lines, a reference target) for page tests. */
import type { EntityDef, PageDef } from '../meta';

const audit = [
  { name: 'createdBy', type: 'integer', label: { cn: '创建人', en: 'Created by' } },
  { name: 'creationDate', type: 'datetime', label: { cn: '创建时间', en: 'Created at' } },
  { name: 'lastUpdatedBy', type: 'integer', label: { cn: '最后更新人', en: 'Last updated by' } },
  { name: 'lastUpdateDate', type: 'datetime', label: { cn: '最后更新时间', en: 'Last updated at' } },
  { name: 'versionNum', type: 'integer', label: { cn: '版本号', en: 'Version' } },
] as const;

export const organizationEntity: EntityDef = {
  kind: 'entity',
  name: 'baseOrganization',
  area: 'baseServer',
  table: 'base_organization',
  label: { cn: '组织', en: 'Organization' },
  primaryKey: 'orgId',
  displayField: 'orgName',
  fields: [
    { name: 'orgId', type: 'integer', label: { cn: '组织ID', en: 'Org ID' } },
    { name: 'orgName', type: 'string', label: { cn: '组织名称', en: 'Organization name' } },
    ...audit,
  ],
};

export const lineEntity: EntityDef = {
  kind: 'entity',
  name: 'srmPurRequisitionLine',
  area: 'srmServer',
  table: 'srm_pur_requisition_line',
  label: { cn: '申请行', en: 'Requisition line' },
  primaryKey: 'requisitionLineId',
  parent: 'srmPurRequisitionHeader',
  fields: [
    { name: 'requisitionLineId', type: 'integer', label: { cn: '行ID', en: 'Line ID' } },
    { name: 'requisitionHeaderId', type: 'integer', label: { cn: '头ID', en: 'Header ID' } },
    { name: 'lineNum', type: 'integer', label: { cn: '行号', en: 'Line' } },
    { name: 'itemCode', type: 'string', label: { cn: '物料编码', en: 'Item code' }, required: true, length: 30 },
    { name: 'quantity', type: 'quantity', label: { cn: '数量', en: 'Quantity' }, scale: 3, min: 0 },
    { name: 'unitPrice', type: 'money', label: { cn: '单价', en: 'Unit price' }, scale: 2 },
    ...audit,
  ],
};

export const headerEntity: EntityDef = {
  kind: 'entity',
  name: 'srmPurRequisitionHeader',
  area: 'srmServer',
  table: 'srm_pur_requisition_header',
  label: { cn: '采购申请', en: 'Purchase requisition' },
  primaryKey: 'requisitionHeaderId',
  displayField: 'requisitionNumber',
  statusField: 'status',
  fields: [
    { name: 'requisitionHeaderId', type: 'integer', label: { cn: '申请ID', en: 'Requisition ID' } },
    {
      name: 'requisitionNumber',
      type: 'string',
      label: { cn: '申请单号', en: 'Requisition number' },
      generated: 'documentNumber',
    },
    { name: 'title', type: 'string', label: { cn: '标题', en: 'Title' }, required: true, length: 100 },
    {
      name: 'orgId',
      type: 'reference',
      label: { cn: '组织', en: 'Organization' },
      reference: { entity: 'baseOrganization', labelField: 'orgName', labelAs: 'orgName' },
    },
    {
      name: 'status',
      type: 'lookup',
      lookupType: 'PUR_REQ_STATUS',
      label: { cn: '状态', en: 'Status' },
      serverOnly: true,
    },
    { name: 'totalAmount', type: 'money', label: { cn: '总金额', en: 'Total amount' }, scale: 2 },
    { name: 'urgentFlag', type: 'flag', label: { cn: '加急', en: 'Urgent' }, default: 'N' },
    { name: 'needByDate', type: 'date', label: { cn: '需求日期', en: 'Need-by date' } },
    { name: 'contactEmail', type: 'string', label: { cn: '联系邮箱', en: 'Contact e-mail' }, validator: 'email' },
    { name: 'remark', type: 'text', label: { cn: '备注', en: 'Remark' } },
    ...audit,
  ],
  children: [{ name: 'lines', entity: 'srmPurRequisitionLine', foreignKey: 'requisitionHeaderId' }],
};

export const entities: Record<string, EntityDef> = {
  srmPurRequisitionHeader: headerEntity,
  srmPurRequisitionLine: lineEntity,
  baseOrganization: organizationEntity,
};

export const listPage: PageDef = {
  kind: 'page',
  path: 'purchaseRequisitionList',
  type: 'list',
  entity: 'srmPurRequisitionHeader',
  title: { cn: '采购申请列表', en: 'Purchase requisitions' },
  editPage: 'purRequisitionManage/purRequisitionEdit',
  search: { fields: [{ field: 'requisitionNumber' }, { field: 'status' }] },
  grid: {
    columns: [
      { key: 'requisitionNumber', linkTag: true, fixedStyle: 'left' },
      { key: 'title' },
      { key: 'orgId' },
      { key: 'status' },
      { key: 'totalAmount' },
      { key: 'urgentFlag' },
      { key: 'remark', columnsDisplay: 'N' },
    ],
    pageSize: 20,
  },
  actions: [
    {
      action: 'create',
      resourceCode: 'btnCreate',
      label: { cn: '新建', en: 'New' },
      placement: 'toolbar',
      buttonType: 'primary',
    },
    {
      action: 'doBatchDelete',
      resourceCode: 'btnDelete',
      label: { cn: '批量删除', en: 'Delete selected' },
      placement: 'toolbar',
    },
    { action: 'export', resourceCode: 'btnExport', label: { cn: '导出', en: 'Export' }, placement: 'toolbar' },
    {
      action: 'doSubmit',
      resourceCode: 'btnSubmit',
      label: { cn: '提交', en: 'Submit' },
      placement: 'row',
      showWhen: { field: 'status', op: 'eq', value: 'DRAFT' },
    },
  ],
};

export const editPage: PageDef = {
  kind: 'page',
  path: 'purRequisitionManage/purRequisitionEdit',
  type: 'edit',
  entity: 'srmPurRequisitionHeader',
  title: { cn: '采购申请', en: 'Purchase requisition' },
  listPage: 'purchaseRequisitionList',
  form: {
    columns: 2,
    sections: [
      {
        title: { cn: '基本信息', en: 'Basic information' },
        fields: [
          'requisitionNumber',
          'title',
          'orgId',
          'status',
          'totalAmount',
          'urgentFlag',
          'needByDate',
          'contactEmail',
          { field: 'remark', span: 2 },
        ],
      },
    ],
    lines: [
      {
        child: 'lines',
        title: { cn: '申请行', en: 'Lines' },
        grid: {
          columns: [
            { key: 'lineNum' },
            { key: 'itemCode', validate: { required: true } },
            { key: 'quantity' },
            { key: 'unitPrice' },
          ],
        },
      },
    ],
  },
  actions: [
    {
      action: 'saveOrUpdate',
      resourceCode: 'btnSave',
      label: { cn: '保存', en: 'Save' },
      placement: 'form',
      buttonType: 'primary',
    },
    {
      action: 'doSubmit',
      resourceCode: 'btnSubmit',
      label: { cn: '提交', en: 'Submit' },
      placement: 'form',
      showWhen: { field: 'status', op: 'eq', value: 'DRAFT' },
    },
  ],
};

export const statusLookup = [
  { lookupCode: 'DRAFT', meaning: '草稿', seqNum: 1, enabledFlag: 'Y', color: 'default' },
  { lookupCode: 'SUBMITTED', meaning: '审批中', seqNum: 2, enabledFlag: 'Y', color: 'processing' },
  { lookupCode: 'APPROVED', meaning: '已批准', seqNum: 3, enabledFlag: 'Y', color: 'green' },
  { lookupCode: 'OLD', meaning: '旧状态', seqNum: 9, enabledFlag: 'N' },
];

export const requisitionRows = [
  {
    requisitionHeaderId: 1,
    requisitionNumber: 'PR202601010001',
    title: '办公用品',
    orgId: 11,
    orgName: '上海工厂',
    status: 'DRAFT',
    totalAmount: '1234567.5',
    urgentFlag: 'Y',
    versionNum: 1,
  },
  {
    requisitionHeaderId: 2,
    requisitionNumber: 'PR202601010002',
    title: '劳保用品',
    orgId: 12,
    orgName: '苏州工厂',
    status: 'APPROVED',
    totalAmount: '88.00',
    urgentFlag: 'N',
    versionNum: 3,
  },
];
