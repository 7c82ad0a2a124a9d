/**
 * Webhooks of the local service in the browser: none are sent. A page may post only where the
 * receiver's CORS rules let it (a webhook receiver does not expect a browser), and a window
 * closing would drop the retries the hosted service makes for hours; each one skipped is logged.
 */
import type { ResolvedOptions } from '../../service/options';
import type { TaskContext } from '../../service/tasks/execute';

export function browserWebhooks(options: Pick<ResolvedOptions, 'log' | 'restricted'>): TaskContext['webhooks'] {
  const why = options.restricted
    ? 'Restricted Mode sends nothing on a report’s behalf'
    : 'the local service in the browser sends no webhooks';
  return {
    send(taskId, _status, targets) {
      for (const t of targets) options.log(`webhook for task ${taskId} to ${safeOrigin(t.url)} not sent: ${why}`);
    },
    close: async () => undefined,
  };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
}
