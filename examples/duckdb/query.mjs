// Runs SQL on sgtab's tables with DuckDB and prints the rows of each
// statement's result as JSON, one array per statement, one per line.
//
//   node query.mjs "SELECT count(*) FROM 'sgtab-out/kayles.parquet'"
//   node query.mjs -f ../notebook.sql
//
// Statements run in order in one in-memory database, so a file may create
// views that later statements use. Paths are relative to the working
// directory.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node query.mjs SQL | -f FILE');
  process.exit(2);
}
const text = args[0] === '-f' ? readFileSync(args[1], 'utf8') : args.join(' ');

const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
const extracted = await conn.extractStatements(text);
for (let i = 0; i < extracted.count; i++) {
  const prepared = await extracted.prepare(i);
  const reader = await prepared.runAndReadAll();
  console.log(JSON.stringify(reader.getRowObjectsJson()));
}
