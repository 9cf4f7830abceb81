import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import type { ArticleRow, Database } from '../db/schema.ts';
import { maskSecret } from '../crypto/mask.ts';
import { backoffDelay, type ClaimedJob, type JobOutcome, type JobQueue } from '../jobs/queue.ts';
import { windowEnd } from './batch-window.ts';
import { MAX_URLS_PER_SUBMISSION, submitUrls, type SubmitResult } from './submit.ts';
import type { ImageChangedArticle } from '../repositories/images-repository.ts';
import type { RecordChange } from '../repositories/authors-and-tags.ts';
import { notifiedArticles } from './notified-articles.ts';
import {
  pathsOnChange,
  pathsOnCorrectionWrite,
  pathsOnCoverageChange,
  pathsOnEntryWrite,
  pathsOnImageChange,
  pathsOnPublish,
  pathsOnRecordChange,
} from './which-changes-notify.ts';

export const INDEXNOW_JOB = 'indexnow';

/** Jobs one run gathers into its submission (each holds one write's URLs). */
const MAX_JOBS_PER_SUBMISSION = 500;
/**
 * The most URLs one job holds: an article's write has a few dozen at most (its page, the home page, its
 * sections, up to 10 authors' and 20 tags' pages, before and after); a picture's change, and an author's
 * or a tag's, is split.
 */
export const MAX_URLS_PER_JOB = 1000;

/** Paths in as few jobs as hold them, each at most `size` (a run then gathers up to the protocol's 10,000). */
export function inJobs(paths: readonly string[], size = MAX_URLS_PER_JOB): string[][] {
  const jobs: string[][] = [];
  for (let i = 0; i < paths.length; i += size) jobs.push(paths.slice(i, i + size));
  return jobs;
}

export interface IndexNowNotifierOptions {
  key: string;
  endpoint: string;
  /** PUBLIC_URL: the articles' origin; the key file is `{origin}/{key}.txt`. */
  siteOrigin: string;
  /** URLs queued within this window go in one submission. */
  batchMs: number;
  /** First retry delay (doubled per try, with jitter) and tries, as the share jobs'. */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * Tells search engines through IndexNow which pages a story's change changed (decision 045): the
 * story's own and the listings showing its card. The article repository's hooks call onPublished and
 * onChanged inside the write's transaction (the picture library's, onImageChanged; a live blog's
 * entries, onEntryWritten, and its coverage, onCoverageChanged; a correction, onCorrectionWritten; the
 * authors and tags, onRecordChanged); the rule of which writes count, and for which pages, is
 * which-changes-notify.ts. Each write that counts queues one `indexnow` job holding its URLs, due at
 * the end of its window of `batchMs` (windowEnd), on the job queue (app.jobs, decision 023), so a
 * committed change never loses its notification and a rolled-back one sends none. A run takes every
 * other due `indexnow` job with it and posts their URLs once, each URL once; 429, 5xx and network failures try again with backoff, every
 * job of the batch at the same time (so they go together again); 400, 403 and 422 are logged once
 * and dropped.
 */
export class IndexNowNotifier {
  readonly #queue: JobQueue;
  readonly #o: IndexNowNotifierOptions;

  constructor(queue: JobQueue, options: IndexNowNotifierOptions) {
    this.#queue = queue;
    this.#o = options;
    queue.handle(INDEXNOW_JOB, (job) => this.run(job));
  }

  get keyLocation(): string {
    return `${this.#o.siteOrigin}/${this.#o.key}.txt`;
  }

  /** The URL of a path of the site (which-changes-notify.ts answers paths). */
  url(path: string): string {
    return `${this.#o.siteOrigin}${path}`;
  }

  /** The publish hook: `row` is the article as the publish left it. */
  async onPublished(trx: Transaction<Database>, articleId: number, row: ArticleRow): Promise<void> {
    const [article] = await notifiedArticles(trx, [row]);
    if (article) await this.#queuePaths(trx, { articleId }, pathsOnPublish(article));
  }

  /** After a live blog's entry is posted, corrected or deleted, in its transaction: `row` is its article. */
  async onEntryWritten(
    trx: Transaction<Database>,
    row: Pick<ArticleRow, 'id' | 'slug' | 'published_at' | 'deleted_at'>,
  ): Promise<void> {
    await this.#queuePaths(trx, { articleId: Number(row.id) }, pathsOnEntryWrite(row));
  }

  /** After a correction is added, fixed or removed, in its transaction: `row` is its article. */
  async onCorrectionWritten(
    trx: Transaction<Database>,
    row: Pick<ArticleRow, 'id' | 'slug' | 'published_at' | 'deleted_at'>,
  ): Promise<void> {
    await this.#queuePaths(trx, { articleId: Number(row.id) }, pathsOnCorrectionWrite(row));
  }

  /** After live coverage started, resumed or ended, in its transaction: `row` is its article as it left it. */
  async onCoverageChanged(trx: Transaction<Database>, row: ArticleRow): Promise<void> {
    const [article] = await notifiedArticles(trx, [row]);
    if (article) await this.#queuePaths(trx, { articleId: article.id }, pathsOnCoverageChange(article));
  }

  /**
   * The authors' and tags' repository's hook, in the transaction of a rename, an edit, a merge or a
   * deletion: the record's pages (its earlier addresses too when what they answer changed) and the
   * public stories naming it, in as few jobs as hold them (an author of thousands of stories makes a
   * job per MAX_URLS_PER_JOB URLs).
   */
  async onRecordChanged(trx: Transaction<Database>, change: RecordChange): Promise<void> {
    const about = change.kind === 'authors' ? { authorId: change.before.id } : { tagId: change.before.id };
    const runAt = this.#windowEnd();
    for (const paths of inJobs(pathsOnRecordChange(change))) await this.#queuePaths(trx, about, paths, runAt);
  }

  /** The change hook of every other accepted write of one article. */
  async onChanged(
    trx: Transaction<Database>,
    articleId: number,
    _before: ArticleRow,
    _after: ArticleRow,
    articles: { before: AdminArticle; after: AdminArticle },
  ): Promise<void> {
    await this.#queuePaths(trx, { articleId }, pathsOnChange(articles.before, articles.after));
  }

  /**
   * The picture library's hook: the pages a change of a picture changed (the public articles showing
   * it and their listings), in as few jobs as hold them: a picture shown by very many articles makes
   * a job per MAX_URLS_PER_JOB URLs, so that no job, and no submission gathering jobs, passes the
   * protocol's limit.
   */
  async onImageChanged(trx: Transaction<Database>, articles: ImageChangedArticle[]): Promise<void> {
    const runAt = this.#windowEnd();
    let job = { articleIds: [] as number[], paths: new Set<string>() };
    for (let i = 0; i < articles.length; i += MAX_URLS_PER_JOB) {
      for (const article of await notifiedArticles(trx, articles.slice(i, i + MAX_URLS_PER_JOB))) {
        const paths = pathsOnImageChange(article);
        if (job.paths.size + paths.filter((p) => !job.paths.has(p)).length > MAX_URLS_PER_JOB) {
          await this.#queuePaths(trx, { articleIds: job.articleIds }, [...job.paths], runAt);
          job = { articleIds: [], paths: new Set() };
        }
        job.articleIds.push(article.id);
        for (const p of paths) job.paths.add(p);
      }
    }
    await this.#queuePaths(trx, { articleIds: job.articleIds }, [...job.paths], runAt);
  }

  /**
   * When a change made now falls due. A change split into several jobs takes it once, so that its
   * jobs, however long queueing them takes, fall due together and go in one submission.
   */
  #windowEnd(): number {
    return windowEnd(Date.now(), this.#o.batchMs);
  }

  /** `about`: which article(s) the job is for (kept in its payload, for whoever reads the queue). */
  async #queuePaths(
    trx: Transaction<Database>,
    about: { articleId: number } | { articleIds: number[] } | { authorId: number } | { tagId: number },
    paths: string[],
    runAt = this.#windowEnd(),
  ): Promise<void> {
    if (paths.length === 0) return;
    await this.#queue.enqueue(trx, {
      kind: INDEXNOW_JOB,
      payload: { ...about, urls: paths.map((p) => this.url(p)) },
      runAt: new Date(runAt),
      maxAttempts: this.#o.maxAttempts,
    });
    // Look for it when it falls due rather than at the next poll (the job exists once the write commits).
    setTimeout(() => this.#queue.nudge(), Math.max(0, runAt - Date.now() + 10)).unref?.();
  }

  /** A job's run: it and every other due `indexnow` job, in one submission. */
  async run(first: ClaimedJob): Promise<JobOutcome> {
    const jobs = [first];
    const urls = new Set(urlsOf(first));
    // Another job fits while its URLs, however many up to MAX_URLS_PER_JOB, stay within the protocol's limit.
    while (jobs.length < MAX_JOBS_PER_SUBMISSION && urls.size + MAX_URLS_PER_JOB <= MAX_URLS_PER_SUBMISSION) {
      const next = await this.#queue.engine.claim([INDEXNOW_JOB]);
      if (!next) break;
      jobs.push(next);
      for (const u of urlsOf(next)) urls.add(u);
    }
    const urlList = [...urls];
    const result =
      urlList.length === 0
        ? ({ kind: 'accepted', status: 0 } as const)
        : await submitUrls(
            {
              endpoint: this.#o.endpoint,
              host: new URL(this.#o.siteOrigin).host,
              key: this.#o.key,
              keyLocation: this.keyLocation,
              urlList,
            },
            this.#o.timeoutMs,
          );
    const outcome = this.#outcome(result, first, urlList);
    for (const job of jobs.slice(1)) {
      await this.#queue.engine.finish(job, outcome).catch((err) => this.#o.log.error({ err }, 'indexnow job'));
    }
    return outcome;
  }

  #outcome(result: SubmitResult, first: ClaimedJob, urlList: string[]): JobOutcome {
    const key = maskSecret(this.#o.key);
    const urls = urlList.length;
    if (result.kind === 'accepted') {
      this.#o.log.info({ urls, status: result.status }, 'indexnow: submitted');
      return { done: true };
    }
    if (result.kind === 'refused') {
      // Not tried again: the same submission would be refused the same way.
      this.#o.log.error(
        { urls, status: result.status, key, endpoint: this.#o.endpoint },
        `indexnow: refused, ${result.reason}; not tried again`,
      );
      return { done: true };
    }
    const delay = Math.max(backoffDelay(first.attempt, this.#o.retryBaseMs), result.retryAfterMs ?? 0);
    const last = first.attempt >= first.maxAttempts;
    this.#o.log[last ? 'error' : 'warn'](
      { urls, status: result.status, attempt: first.attempt, key },
      last ? `indexnow: ${result.reason}; out of tries` : `indexnow: ${result.reason}; trying again`,
    );
    return { done: false, at: new Date(Date.now() + delay), error: `indexnow: ${result.reason}` };
  }
}

function urlsOf(job: ClaimedJob): string[] {
  const urls = job.payload.urls;
  return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
}
