// `npm start`: serves on $PORT (default 8080) over $DATABASE_URL.
import { loadConfig } from './config.ts';
import { startService } from './server.ts';

try {
  const service = await startService(loadConfig());
  // SIGTERM drains (server/http/drain.ts): in-flight requests finish or are refunded within DRAIN_TIMEOUT_MS.
  // A second signal stops at once.
  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      void service.close().finally(() => process.exit(1));
      return;
    }
    stopping = true;
    void service.shutdown().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (err) {
  console.error(`hyperlinker service: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
