import { type AppContext, createContext, loadConfig } from '@phrasereel/api'
import { connectDatabase, migrate } from '@phrasereel/api/scripts'

/**
 * Opens the database the environment names (the running server's embedded database when one is up on the same
 * `DATA_DIR`), applies pending migrations and gives a context to domain functions. Always `close()` it.
 */
export async function openContext(): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const config = loadConfig()
  // content commands run long statements (import, reindex): no request deadline for them
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: 0,
  })
  try {
    await migrate(database.pool)
  } catch (error) {
    await database.close()
    throw error
  }
  return { ctx: createContext(config, database), close: () => database.close() }
}
