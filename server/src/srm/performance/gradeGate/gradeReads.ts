import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Dialect } from '../../../db/dialect';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';

const RESULT = 'srmSpePerformance';
const SCHEME = 'srmSpeScheme';
const LINE = 'srmSpeSettingLine';
const SUPPLIER = 'srmSlcSupplierInfo';

/** Result states in which a grade is in force (released to the supplier and after). */
export const GRADE_IN_FORCE = ['RELEASED', 'CONFIRMED', 'RECTIFYING', 'RECTIFY_SUBMITTED', 'CLOSED'];

/** The reads behind the grade gate: the supplier's latest result in force and its grade setting line. */
export class GradeReads {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, dialect: Dialect) {
    this.sql = new MetaSql(registry, dialect);
  }

  /** The latest result in force (by release date, then id) with its scheme and the grade's setting line flags. */
  async latestGrade(tx: SqlExecutor, supplierId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const marks = GRADE_IN_FORCE.map(() => '?').join(', ');
    const [row] = await tx.select(
      `SELECT p.${c(RESULT, 'performanceId')} AS performanceId, p.${c(RESULT, 'performanceNumber')} AS performanceNumber, ` +
        `p.${c(RESULT, 'gradeCode')} AS gradeCode, p.${c(RESULT, 'periodName')} AS periodName, ` +
        `s.${c(SCHEME, 'schemeNumber')} AS schemeNumber, s.${c(SCHEME, 'schemeName')} AS schemeName, s.${c(SCHEME, 'periodName')} AS schemePeriod, ` +
        `l.${c(LINE, 'warnPoFlag')} AS warnPoFlag, l.${c(LINE, 'preventPoFlag')} AS preventPoFlag, ` +
        `l.${c(LINE, 'warnRfqFlag')} AS warnRfqFlag, l.${c(LINE, 'preventRfqFlag')} AS preventRfqFlag ` +
        `FROM ${t(RESULT)} p JOIN ${t(SCHEME)} s ON s.${c(SCHEME, 'schemeId')} = p.${c(RESULT, 'schemeId')} ` +
        `LEFT JOIN ${t(LINE)} l ON l.${c(LINE, 'settingHeadId')} = s.${c(SCHEME, 'settingHeadId')} AND l.${c(LINE, 'gradeCode')} = p.${c(RESULT, 'gradeCode')} ` +
        `WHERE p.${c(RESULT, 'supplierId')} = ? AND p.${c(RESULT, 'status')} IN (${marks}) ` +
        `ORDER BY p.${c(RESULT, 'releaseDate')} DESC, p.${c(RESULT, 'performanceId')} DESC LIMIT 1`,
      [supplierId, ...GRADE_IN_FORCE],
    );
    return row;
  }

  async supplierName(tx: SqlExecutor, supplierId: number): Promise<string> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SUPPLIER, 'supplierName')} AS name FROM ${t(SUPPLIER)} WHERE ${c(SUPPLIER, 'supplierId')} = ?`,
      [supplierId],
    );
    return row ? String(row.name) : `#${supplierId}`;
  }
}
