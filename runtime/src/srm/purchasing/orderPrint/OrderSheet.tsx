/** The A4 sheet of a purchase order (orderPrintModel.ts gives its strings; orderPrint.css its layout). */
import { useTranslation } from 'react-i18next';
import type { OrderPrint, Party } from './orderPrintModel';

function PartyBox({ title, party }: { title: string; party: Party }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2>{title}</h2>
      <div>{party.name}</div>
      {party.address && <div>{`${t('orderPrint.address')}: ${party.address}`}</div>}
      {party.taxNo && <div>{`${t('orderPrint.taxNo')}: ${party.taxNo}`}</div>}
    </section>
  );
}

const COLUMNS = [
  'lineNum',
  'item',
  'uom',
  'quantity',
  'unitPrice',
  'taxRate',
  'amountExcl',
  'amountIncl',
  'date',
] as const;
const TERMS = ['t1', 't2', 't3', 't4'] as const;
const NUMERIC = new Set<string>(['quantity', 'unitPrice', 'taxRate', 'amountExcl', 'amountIncl']);

export function OrderSheet({ print }: { print: OrderPrint }) {
  const { t } = useTranslation();
  const terms = TERMS.map((key) => t(`orderPrint.terms.${key}`));
  return (
    <article className="po-print-sheet" aria-label={t('orderPrint.title')}>
      <h1>{t('orderPrint.title')}</h1>
      <div className="po-print-meta">
        <span>{`${t('orderPrint.poNumber')}: ${print.poNumber}`}</span>
        <span>{`${t('orderPrint.revision')}: ${print.revision}`}</span>
        <span>{`${t('orderPrint.orderDate')}: ${print.orderDate}`}</span>
        <span>{`${t('orderPrint.currency')}: ${print.currency}`}</span>
      </div>
      <div className="po-print-parties">
        <PartyBox title={t('orderPrint.buyerParty')} party={print.company} />
        <PartyBox title={t('orderPrint.supplierParty')} party={print.supplier} />
      </div>
      <div className="po-print-meta">
        <span>{`${t('orderPrint.buyer')}: ${print.buyer}`}</span>
        <span>{`${t('orderPrint.paymentTerm')}: ${print.paymentTerm || '—'}`}</span>
        <span>{`${t('orderPrint.shipTo')}: ${print.shipTo || '—'}`}</span>
      </div>
      <table>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} className={NUMERIC.has(column) ? 'num' : undefined}>
                {t(`orderPrint.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {print.lines.map((line) => (
            <tr key={line.lineNum}>
              {COLUMNS.map((column) => (
                <td key={column} className={NUMERIC.has(column) ? 'num' : undefined}>
                  {line[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={6} className="num">
              {`${t('orderPrint.totalExcl')} ${print.totals.excl} · ${t('orderPrint.totalTax')} ${print.totals.tax}`}
            </td>
            <td colSpan={3} className="num">
              <strong>{`${t('orderPrint.totalIncl')} ${print.totals.incl}`}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <section className="po-print-terms">
        <strong>{t('orderPrint.termsTitle')}</strong>
        <ol>
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>
      <div className="po-print-signatures">
        <span>{t('orderPrint.buyerSignature')}</span>
        <span>{t('orderPrint.supplierSignature')}</span>
      </div>
    </article>
  );
}
