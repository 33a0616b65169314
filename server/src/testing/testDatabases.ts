import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { dbKindOf } from '../config';

/** MariaDB/MySQL databases made by freshDatabaseUrl in this test file, dropped after it (dropTestDatabases.ts). */
const createdDatabases: { url: URL; database: string }[] = [];

async function adminConnection(url: URL) {
  const mysql = await import('mysql2/promise');
  return mysql.createConnection({
    // Several statements per call: a database copy is one round trip.
    multipleStatements: true,
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
}

/**
 * Drops the databases this file's servers made. MariaDB answers the schema reads of every later
 * server start by scanning every database on it (schemaMigrator.ts), so a suite that kept its
 * databases would start each file slower than the one before.
 */
export async function dropCreatedDatabases(): Promise<void> {
  for (const { url, database } of createdDatabases.splice(0)) {
    const admin = await adminConnection(url);
    try {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    } finally {
      await admin.end();
    }
  }
}

/** An empty database of the suite's kind (SQLite file, or a MariaDB/MySQL database on DB_URL's server). */
export async function freshDatabaseUrl(name: string, options: { keep?: boolean } = {}): Promise<string> {
  const base = process.env.DB_URL;
  if (!base || dbKindOf(base) === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'));
    return `sqlite:${path.join(dir, 'test.sqlite')}`;
  }
  const url = new URL(base.replace(/^mariadb:/, 'mysql:'));
  const database = `${url.pathname.slice(1) || 'meridian_test'}_w${process.env.VITEST_POOL_ID ?? '0'}_${name}`
    .replace(/[^A-Za-z0-9_]/g, '_')
    .slice(0, 60);
  const admin = await adminConnection(url);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  if (!options.keep) createdDatabases.push({ url: new URL(url), database });
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A new database holding what `templateUrl` holds: tables, rows and auto-increment counters. A
 * server started on it finds its schema and seeds in place, which takes a fraction of migrating
 * and seeding an empty database (docs/decisions.md "CI time").
 */
export async function copyOfDatabase(templateUrl: string, name: string): Promise<string> {
  const url = await freshDatabaseUrl(name);
  if (dbKindOf(templateUrl) === 'sqlite') {
    fs.copyFileSync(templateUrl.slice('sqlite:'.length), url.slice('sqlite:'.length));
    return url;
  }
  const target = new URL(url).pathname.slice(1);
  const source = new URL(templateUrl).pathname.slice(1);
  const admin = await adminConnection(new URL(url));
  try {
    const [rows] = await admin.query(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
      [source],
    );
    const copies = (rows as { name: string }[]).map(
      ({ name: table }) =>
        `CREATE TABLE \`${target}\`.\`${table}\` LIKE \`${source}\`.\`${table}\`;` +
        `INSERT INTO \`${target}\`.\`${table}\` SELECT * FROM \`${source}\`.\`${table}\`;`,
    );
    await admin.query({ sql: `SET FOREIGN_KEY_CHECKS = 0; ${copies.join('\n')}` });
  } finally {
    await admin.end();
  }
  return url;
}
