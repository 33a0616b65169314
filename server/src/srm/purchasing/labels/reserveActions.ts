/**
 * Named reads and prints of delivery appointments (resource srmPurReserveHeaderRestful) and label
 * sizes (srmPurPrintSizeRestful): findReserveInfoByReserveId {reserveId} answers the appointment with
 * its delivery notes, their lines and labels; doPringPack {reserveId} answers the pack list as a
 * PDF (a SUBMITTED or ARRIVED appointment: declared `states`); findPurPrintSize {labelType?} the enabled label sizes. Appointments are read through the
 * caller's row scope (another supplier's: 404).
 */
import type { Row } from '../../../db/sqlExecutor';
import { LookupTable } from '../../../exchange/lookupTable';
import { Errors } from '../../../http/apiError';
import { declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type {
  ActionAccess,
  ActionHandler,
  ActionRegistry,
  ActionRequest,
  RegisteredAction,
} from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { packListPdf } from './labelPdf';
import { type LabelStore, PRINT_SIZE, RESERVE } from './labelStore';

const RESOURCE = 'srmPurReserveHeaderRestful';
const BARCODE_RESOURCE = 'srmPurBarcodeReserveRestful';
const PAGES = ['srmPurReservList', 'PurReserveHeader/PurReserveHeaderEdit'];
/** An appointment is named reserveId (or id). */
const RESERVE_IDS = ['reserveId', 'id'];

/** The appointment (scoped), its booked notes with their lines and labels. */
export async function reserveInfo(
  store: LabelStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const id = idFrom(body, RESERVE_IDS);
  const model = kernel.registry.entity(RESERVE)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
  const header = await kernel.resources.reader.byId(model, id, ctx, scope);
  if (!header) throw Errors.recordNotFound();
  const lines = await store.reserveLines(kernel.db, id);
  const noteIds = lines.map((l) => Number(l.deliveryNoteId));
  const notes = await store.notes(kernel.db, noteIds);
  const labels = await store.labels(kernel.db, 'deliveryNoteId', noteIds);
  const deliveryNotes: Row[] = [];
  for (const line of lines) {
    const note = notes.get(Number(line.deliveryNoteId));
    deliveryNotes.push({
      ...(note ?? { deliveryNoteId: line.deliveryNoteId, deliveryNoteNumber: line.deliveryNoteNumber }),
      lines: note ? await store.noteLines(kernel.db, Number(note.deliveryNoteId)) : [],
      labels: labels.filter((l) => Number(l.deliveryNoteId) === Number(line.deliveryNoteId)),
    } as Row);
  }
  return { header, deliveryNotes };
}

/**
 * The spec lists the appointment's and the size's actions in one group with the labels' resource
 * ("attribution by name"): each is registered on srmPurReserveHeaderRestful (srmPurPrintSizeRestful)
 * and again on srmPurBarcodeReserveRestful, with the same handler and the same access. There the
 * transitions doSubmit, doCancelAppoint and updateStatus run the appointment's lifecycle after the
 * same authorization as its own endpoint (menu, button, row scope).
 */
export function registerReserveActions(store: LabelStore, actions: ActionRegistry): void {
  const both = (
    action: string,
    access: ActionAccess,
    handler: ActionHandler,
    own = RESOURCE,
    input?: RegisteredAction['input'],
    states?: RegisteredAction['states'],
  ) => {
    for (const resource of [own, BARCODE_RESOURCE])
      actions.register({ area: 'srmServer', resource, action, access, input, states, handler });
  };
  for (const [action, resourceCode] of [
    ['doSubmit', 'btnSubmit'],
    ['doCancelAppoint', 'btnCancelAppoint'],
    ['updateStatus', 'btnArrived'],
  ] as const)
    actions.register({
      area: 'srmServer',
      resource: BARCODE_RESOURCE,
      action,
      access: { pages: PAGES, resourceCode },
      handler: async (body, ctx, kernel, req) => {
        const entity = kernel.registry.entity(RESERVE)!;
        const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, action, ctx);
        return kernel.lifecycles.run(entity, kernel.lifecycles.transitionFor(entity, action)!, body, ctx, scope);
      },
    });
  both(
    'findReserveInfoByReserveId',
    { pages: PAGES },
    async (body, ctx, kernel, req) => ({ data: await reserveInfo(store, body, ctx, kernel, req) }),
    RESOURCE,
    eitherIdInput(RESERVE_IDS),
  );
  both(
    'doPringPack',
    { pages: PAGES, resourceCode: 'btnPrintPack' },
    async (body, ctx, kernel, req) => {
      const { header, deliveryNotes } = await reserveInfo(store, body, ctx, kernel, req);
      const lookups = await LookupTable.load(store.db, ['PUR_DOCK_CODE', 'PUR_TIME_SLOT']);
      const meaning = (type: string, code: unknown) => String(lookups.meaning(type, String(code), ctx.language));
      const content = await packListPdf(
        header,
        { dock: meaning('PUR_DOCK_CODE', header.dockCode), slot: meaning('PUR_TIME_SLOT', header.timeSlot) },
        deliveryNotes,
      );
      return {
        data: null,
        file: { fileName: `pack-list-${String(header.reserveNumber)}.pdf`, contentType: 'application/pdf', content },
      };
    },
    RESOURCE,
    eitherIdInput(RESERVE_IDS),
    {
      entity: RESERVE,
      id: RESERVE_IDS,
      in: ['SUBMITTED', 'ARRIVED'],
      refusal: () => declaredText('purchasingDelivery.noPackList'),
    },
  );
  // findPurPrintSize {labelType?}: the enabled label sizes (any signed-in user: printing needs them).
  both(
    'findPurPrintSize',
    'session',
    async (body) => {
      const fields = ['printSizeId', 'labelType', 'sizeName', 'widthMm', 'heightMm'];
      const where = { enabledFlag: 'Y', ...(body.labelType ? { labelType: body.labelType as string } : {}) };
      const rows = await store.rows.select(store.db, PRINT_SIZE, fields, where, { orderBy: ['printSizeId'] });
      return { data: rows.map((r) => ({ ...r, widthMm: Number(r.widthMm), heightMm: Number(r.heightMm) })) };
    },
    'srmPurPrintSizeRestful',
    { type: 'object', properties: { labelType: { type: ['string', 'null'], maxLength: 30 } } },
  );
}
