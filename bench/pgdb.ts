import pg from 'pg';

/** One query on its own connection. */
export async function sql<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A throwaway database on the PostgreSQL server of `adminUrl` (verdict_bench_<pid>, plus `_<suffix>` for a
 * bench that needs one of its own): its URL, and how to drop it.
 */
export async function createBenchDatabase(
  adminUrl: string,
  suffix = '',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `verdict_bench_${process.pid}${suffix ? `_${suffix}` : ''}`;
  const exec = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await exec(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
