import type { Db } from '../client.ts';

/** Loads fixed content into the database; idempotent, run at every start after migrations. */
export async function seedContent(_db: Db): Promise<void> {}
