import { json, listen, type FakeServer } from './http-util.ts';

export interface IndexNowSubmission {
  host: string;
  key: string;
  keyLocation?: string;
  urlList: string[];
}

export interface FakeIndexNow extends FakeServer {
  /** The endpoint to post to: http://127.0.0.1:PORT/indexnow */
  endpoint: string;
  /** Submissions accepted (200), in order. */
  readonly submissions: IndexNowSubmission[];
  /** Every answer given, in order: its status (the refused and failed ones too). */
  readonly answers: number[];
  /** Answers the next `times` submissions with `status` (429, 500...) before looking at them. */
  failNext(status: number, times: number): void;
}

const KEY = /^[A-Za-z0-9-]{8,128}$/;

/**
 * A local IndexNow endpoint over real HTTP (`POST /indexnow`) that refuses what the real one refuses:
 * 400 for a body that is not `application/json` JSON with a `host`, a `key` and a non-empty
 * `urlList` of at most 10,000 URLs; 422 for a key not of the protocol's form, or a URL (or the
 * keyLocation) not on `host`; and, as the real service does, it checks the key by fetching the key
 * file from the site over HTTP (`keyLocation`, else `https://{host}/{key}.txt`): 403 unless it answers
 * 200 with the key as its body. Accepted: 200.
 */
export async function startFakeIndexNow(options: { port?: number } = {}): Promise<FakeIndexNow> {
  const submissions: IndexNowSubmission[] = [];
  const answers: number[] = [];
  let failing: { status: number; times: number } | null = null;

  const answer = (res: Parameters<typeof json>[0], status: number, message?: string) => {
    answers.push(status);
    if (status === 200) {
      res.writeHead(200).end();
      return;
    }
    json(res, status, { code: status, message: message ?? '' });
  };

  const server = await listen(async (req, res, url, body) => {
    if (req.method !== 'POST' || url.pathname !== '/indexnow') return json(res, 404, { message: 'Not found' });
    if (failing && failing.times > 0) {
      failing.times -= 1;
      return answer(res, failing.status, 'failure switch');
    }
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/.test(type)) return answer(res, 400, 'Content-Type');
    let data: Partial<IndexNowSubmission>;
    try {
      data = JSON.parse(body) as Partial<IndexNowSubmission>;
    } catch {
      return answer(res, 400, 'Invalid JSON');
    }
    const { host, key, keyLocation, urlList } = data;
    if (typeof host !== 'string' || !host || typeof key !== 'string' || !key) return answer(res, 400, 'host, key');
    if (!Array.isArray(urlList) || urlList.length === 0 || urlList.length > 10_000) return answer(res, 400, 'urlList');
    if (keyLocation !== undefined && typeof keyLocation !== 'string') return answer(res, 400, 'keyLocation');
    if (!KEY.test(key)) return answer(res, 422, 'Key not matching the protocol');
    const onHost = (u: unknown) => {
      try {
        return typeof u === 'string' && new URL(u).host === host;
      } catch {
        return false;
      }
    };
    if (!urlList.every(onHost) || (keyLocation !== undefined && !onHost(keyLocation)))
      return answer(res, 422, 'URLs not on the host');
    const keyUrl = keyLocation ?? `https://${host}/${key}.txt`;
    let found: string | null = null;
    try {
      const r = await fetch(keyUrl, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      const text = await r.text();
      found = r.status === 200 ? text.trim() : null;
    } catch {
      found = null;
    }
    if (found !== key) return answer(res, 403, 'Key not valid');
    submissions.push({ host, key, ...(keyLocation !== undefined ? { keyLocation } : {}), urlList: [...urlList] });
    answer(res, 200);
  }, options.port);

  return {
    ...server,
    endpoint: `${server.baseUrl}/indexnow`,
    submissions,
    answers,
    failNext(status, times) {
      failing = { status, times };
    },
  };
}
