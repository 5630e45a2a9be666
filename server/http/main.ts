// `npm start`: serves on $PORT (default 8080) over $DATABASE_URL.
import { loadConfig } from './config.ts';
import { startService } from './server.ts';

try {
  const service = await startService(loadConfig());
  const stop = (): void => {
    service.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (err) {
  console.error(`hyperlinker service: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
