// `npm run migrate`: creates the database if needed, applies pending migrations and exits.
import { DEFAULT_DATABASE_URL, openDatabase } from './connection.ts';
import { migrate } from './migrate.ts';

const pool = await openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, 2);
try {
  const applied = await migrate(pool);
  console.log(JSON.stringify({ applied }));
} catch (err) {
  console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
