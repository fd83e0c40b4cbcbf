import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { currentFunctionFiles, FUNCTIONS_DIR } from './sql-functions.ts';

/**
 * `schema.ts` is written by hand (its types carry meaning a generator cannot: which columns are
 * optional on insert, JSON shapes, status unions), so this test holds it against the database the
 * migrations make: every table it types exists with exactly its columns, a column is nullable in
 * the database exactly when its selected type admits null, and a column it lets an insert leave
 * out has a default (or admits null). Tables read only through raw SQL are named below, so a new
 * table is a choice, not an oversight.
 */

/** Tables the code reaches through raw SQL only, with no Kysely types. */
const UNTYPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface TypedColumn {
  nullable: boolean;
  insertOptional: boolean;
}

/** The typed tables of schema.ts: table name → column name → what its type says. */
function typedTables(): Map<string, Map<string, TypedColumn>> {
  const file = new URL('./schema.ts', import.meta.url);
  const source = ts.createSourceFile('schema.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
  }
  /** Follows local aliases (`Timestamp`) to the node they stand for. */
  const resolve = (node: ts.TypeNode): ts.TypeNode => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && !node.typeArguments) {
      const target = aliases.get(node.typeName.text);
      if (target) return resolve(target);
    }
    return node;
  };
  const admitsNull = (node: ts.TypeNode): boolean => {
    const n = resolve(node);
    if (ts.isUnionTypeNode(n)) return n.types.some(admitsNull);
    if (ts.isLiteralTypeNode(n)) return n.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isParenthesizedTypeNode(n)) return admitsNull(n.type);
    return false;
  };
  const admitsUndefined = (node: ts.TypeNode): boolean => {
    const n = resolve(node);
    if (ts.isUnionTypeNode(n)) return n.types.some(admitsUndefined);
    return n.kind === ts.SyntaxKind.UndefinedKeyword;
  };
  const describeColumn = (member: ts.PropertySignature): TypedColumn => {
    const node = resolve(member.type!);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeArguments) {
      const [select, insert] = node.typeArguments;
      switch (node.typeName.text) {
        case 'Generated':
          return { nullable: admitsNull(select!), insertOptional: true };
        case 'ColumnType':
        case 'JSONColumnType':
          return {
            nullable: admitsNull(select!),
            // JSONColumnType's insert type defaults to string: required.
            insertOptional: insert ? admitsUndefined(insert) : node.typeName.text === 'ColumnType',
          };
      }
    }
    return { nullable: admitsNull(node), insertOptional: Boolean(member.questionToken) };
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts has no DB interface');
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const entry of db.members) {
    if (!ts.isPropertySignature(entry) || !entry.type || !ts.isTypeReferenceNode(entry.type)) continue;
    const table = (entry.name as ts.Identifier).text;
    const shape = interfaces.get((entry.type.typeName as ts.Identifier).text);
    if (!shape) throw new Error(`schema.ts: DB.${table} names no interface of this file`);
    const columns = new Map<string, TypedColumn>();
    for (const member of shape.members)
      if (ts.isPropertySignature(member) && member.type)
        columns.set((member.name as ts.Identifier).text, describeColumn(member));
    tables.set(table, columns);
  }
  return tables;
}

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  nullable: boolean;
  has_default: boolean;
}

describe('db/schema.ts against the migrated database', () => {
  let database: Database;
  let columns: DatabaseColumn[];
  beforeAll(async () => {
    database = await openPglite({ lock: false });
    await migrateToLatest(database);
    columns = (
      await sql<DatabaseColumn>`
        select table_name, column_name, is_nullable = 'YES' as nullable,
          (column_default is not null or is_identity = 'YES' or is_generated = 'ALWAYS') as has_default
        from information_schema.columns
        where table_schema = current_schema()
          -- A partition (agent_stat_queue_0 and _1, migration 082) has its parent's columns, typed
          -- once under the parent's name; queries name the parent.
          and table_name not in (
            select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relispartition and n.nspname = current_schema())
        order by table_name, ordinal_position`.execute(database.db)
    ).rows;
  }, 120_000);
  afterAll(async () => database?.close());

  it('every table schema.ts types has exactly its columns, nullable where the type admits null, with a default where an insert may leave it out', () => {
    const typed = typedTables();
    const actual = new Map<string, DatabaseColumn[]>();
    for (const c of columns) actual.set(c.table_name, [...(actual.get(c.table_name) ?? []), c]);
    const problems: string[] = [];
    for (const [table, typedColumns] of typed) {
      const real = actual.get(table);
      if (!real) {
        problems.push(`${table}: typed in schema.ts but no such table`);
        continue;
      }
      const realNames = new Set(real.map((c) => c.column_name));
      for (const name of typedColumns.keys())
        if (!realNames.has(name)) problems.push(`${table}.${name}: typed but no such column`);
      for (const c of real) {
        const t = typedColumns.get(c.column_name);
        if (!t) {
          problems.push(`${table}.${c.column_name}: in the database but not typed`);
          continue;
        }
        if (t.nullable !== c.nullable)
          problems.push(
            `${table}.${c.column_name}: the database says ${c.nullable ? 'nullable' : 'not null'}, the type ${t.nullable ? 'admits null' : 'does not'}`,
          );
        if (t.insertOptional && !c.has_default && !c.nullable)
          problems.push(`${table}.${c.column_name}: optional on insert in the type, but no default`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every table of the database is typed in schema.ts or named as read through raw SQL only', () => {
    const typed = typedTables();
    const tables = [...new Set(columns.map((c) => c.table_name))];
    expect(tables.filter((t) => !typed.has(t) && !UNTYPED_TABLES.has(t))).toEqual([]);
    // And the list names no table that is gone or has since been typed.
    expect([...UNTYPED_TABLES].filter((t) => !tables.includes(t) || typed.has(t))).toEqual([]);
  });

  it('db/functions holds the current text of every SQL function the migrations leave (npm run db:functions writes it)', async () => {
    const expected = await currentFunctionFiles(database);
    const files = readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected)
      expect(readFileSync(new URL(name, FUNCTIONS_DIR), 'utf8'), `${name}: run npm run db:functions`).toBe(
        text,
      );
  });

  it('one posting path: only ledger_post writes ledger transactions and postings or moves a balance (ledger_post_deferred, what it kept)', async () => {
    const writers = [...(await currentFunctionFiles(database))]
      .filter(([, text]) =>
        /insert\s+into\s+ledger_(posting|transaction)\b|update\s+ledger_account\b[^;]*\bset\s+balance\b/i.test(
          text,
        ),
      )
      .map(([name]) => name);
    // ledger_post_deferred moves only what ledger_post kept for it (migration 090, decision 068).
    expect(writers).toEqual(['ledger_post.sql', 'ledger_post_deferred.sql']);
  });
});
