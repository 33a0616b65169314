/**
 * Page of the grid-render bench (tests/bench/gridRender.cjs): the runtime's DataGrid and a plain
 * antd Table side by side on the same 500 rows and columns, mounted on demand. window.__render(kind)
 * hands the rows to one grid and resolves with the ms until its rows are painted.
 */
import '@ant-design/v5-patch-for-react-19';
import { Table } from 'antd';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../../../runtime/src/app/App';
import { buildDataColumns } from '../../../runtime/src/grid/columnBuilder';
import { DataGrid } from '../../../runtime/src/grid/DataGrid';
import { describeColumns } from '../../../runtime/src/schema/columnDescriptor';
import { BENCH_ENTITY, BENCH_GRID, LOOKUPS, makeRows, plainColumns } from './benchData';

const ROWS = makeRows(500);
const provider = {
  findDic: async (types: string[]) => Object.fromEntries(types.map((t) => [t, LOOKUPS[t] ?? []])),
  forScreen() {
    return provider;
  },
};
const descriptors = describeColumns(BENCH_GRID, BENCH_ENTITY, 'CN');
const gridColumns = buildDataColumns(descriptors, { onResize: () => undefined });

type Kind = 'none' | 'dataGrid' | 'plainTable' | 'plainVirtual';
let show: (kind: Kind) => void = () => undefined;

function Bench() {
  const [kind, setKind] = useState<Kind>('none');
  show = setKind;
  if (kind === 'dataGrid')
    return <DataGrid rowKey="id" dataSource={ROWS} columns={gridColumns} pagination={false} height="auto" />;
  const plain = { rowKey: 'id', dataSource: ROWS, columns: plainColumns(), pagination: false as const };
  if (kind === 'plainTable') return <Table {...plain} scroll={{ x: 'max-content', y: 500 }} />;
  if (kind === 'plainVirtual') return <Table {...plain} virtual scroll={{ x: 1500, y: 500 }} />;
  return null;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** Rows are "painted" when the last data row the grid will show is in the DOM and two frames have passed. */
async function renderAndTime(kind: Kind, lastVisibleText: string): Promise<number> {
  show('none');
  await frame();
  await frame();
  const started = performance.now();
  show(kind);
  while (!document.body.textContent?.includes(lastVisibleText)) await frame();
  await frame();
  await frame();
  return performance.now() - started;
}

Object.assign(window, {
  __render: renderAndTime,
  __rowCount: () => document.querySelectorAll('.ant-table-row').length,
});

createRoot(document.getElementById('root')!).render(
  <AppProviders dataProvider={provider as never}>
    <Bench />
  </AppProviders>,
);
