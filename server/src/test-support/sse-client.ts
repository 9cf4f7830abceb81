import http from 'node:http';

/** One server-sent event as read off the wire. */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** Comment lines (without the leading colon and space). */
  comments: string[];
}

/**
 * A server-sent events reader for tests over real HTTP (inject() cannot read an endless answer):
 * keeps the raw text and the parsed messages, and waits for what a test expects.
 */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  raw(): string;
  /** The messages received so far (blocks separated by a blank line). */
  messages(): SseEvent[];
  /** The messages with an `event:` field. */
  events(): SseEvent[];
  /** Resolves when `predicate` holds for the messages received (rejects after timeoutMs). */
  waitFor(predicate: (messages: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves when the server ended the answer. */
  ended: Promise<void>;
  close(): void;
}

export function parseSse(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  for (const block of text.split('\n\n').slice(0, -1)) {
    const e: SseEvent = { comments: [] };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) e.comments.push(line.slice(1).trim());
      else {
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'id' || field === 'event' || field === 'data' || field === 'retry') e[field] = value;
      }
    }
    out.push(e);
  }
  return out;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const w of [...waiters]) w();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: () => text,
        messages: () => parseSse(text),
        events: () => parseSse(text).filter((m) => m.event !== undefined),
        waitFor(predicate, timeoutMs = 5_000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const messages = parseSse(text);
              if (predicate(messages)) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(messages);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`SSE wait timed out; received so far:\n${text}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        ended,
        close: () => {
          req.destroy();
          res.destroy();
        },
      };
      resolve(client);
    });
    req.on('error', reject);
  });
}
