import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AdminArticlesRepository } from '../repositories/admin-articles.ts';
import { SCHEDULER_ACTOR } from '../repositories/audit-log.ts';
import { sweepImages } from '../images/sweep.ts';
import { ImagesRepository } from '../repositories/images-repository.ts';
import { referencedImageIds } from '../repositories/image-references.ts';
import { ArticlePresenceRepository } from '../repositories/article-presence.ts';
import { announcePublished } from './article-events.ts';
import { articleWriteHooks } from '../plugins/article-write-hooks.ts';
import { ArticleReadsRepository } from '../repositories/article-reads.ts';
import { READS_KEPT_DAYS } from '../../../common/most-read-contract.ts';
import { PinnedStoriesRepository } from '../repositories/pinned-stories.ts';
import { clearNewsCache } from '../services/news-cache.ts';

export interface SchedulerTick {
  published: number[];
  purged: number[];
  /** Stories whose pin ended (decision 064), unpinned by this step. */
  unpinned: number[];
  /** Uploaded images deleted because nothing references them any more (undefined: no sweep ran). */
  imagesDeleted?: string[];
  /** Editing presence rows deleted as not heard from within the window (undefined: the sweep failed). */
  presenceSwept?: number;
  /** Hourly read counts deleted for being older than READS_KEPT_DAYS (undefined: no purge ran). */
  readsPurged?: number;
}

/** How often the unused uploads are swept besides right after a purge. */
export const IMAGE_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** How often the read counts older than READS_KEPT_DAYS are deleted (decision 049). */
export const READS_PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The newsroom's clock, inside every server process: every SCHEDULER_INTERVAL_MS it publishes the
 * scheduled articles that are due, unpins the stories whose pin has ended (decision 064) and purges the
 * trash. Publishing and purging are each one conditional statement (see
 * AdminArticlesRepository.publishDue); an ended pin is unpinned through the pins' own locked change, which
 * reads the row again (PinnedStoriesRepository.unpinDue). So any number of instances can tick at once and a
 * restart picks up whatever fell due while the server was down: each article goes out exactly once, and
 * each ended pin is unpinned once.
 * After a purge (its own, or an editor's Delete for good: `sweepImagesSoon`), and every
 * IMAGE_SWEEP_EVERY_MS (the first step after a start included), it deletes the uploaded images nothing
 * references any more (images/sweep.ts); every READS_PURGE_EVERY_MS (the first step too) the hourly read
 * counts older than READS_KEPT_DAYS (decision 049). Each step also deletes the editing presence rows no heartbeat
 * has refreshed within the window (decision 047).
 * `app.scheduler.tick()` runs one step at once (tests, scripts).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SchedulerTick> | undefined;
  private readonly articles: AdminArticlesRepository;
  private readonly pins: PinnedStoriesRepository;
  private lastImageSweep: number | undefined;
  private lastReadsPurge: number | undefined;
  /** An editor deleted an article for good: the next step sweeps the images. */
  private imageSweepAsked = false;

  constructor(private readonly app: FastifyInstance) {
    // Its writes are publishes and purges of the Trash (which cancel the articles' waiting share jobs).
    const hooks = articleWriteHooks(app);
    this.articles = new AdminArticlesRepository(
      app.database.db,
      app.database.dialect,
      hooks.onPublished,
      undefined,
      hooks.onPurged,
    );
    this.pins = new PinnedStoriesRepository(app.database.db, app.database.dialect);
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) => this.app.log.warn({ err }, 'scheduler tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One step; overlapping calls share the step already running. */
  tick(now: Date = new Date()): Promise<SchedulerTick> {
    this.running ??= this.step(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Asks for the image sweep at the next step, as after the scheduler's own purge: an article an editor
   * deleted for good may have left pictures that nothing references any more.
   */
  sweepImagesSoon(): void {
    this.imageSweepAsked = true;
  }

  /** Waits for a step in progress (used on shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async step(now: Date): Promise<SchedulerTick> {
    const published = await this.articles.publishDue(SCHEDULER_ACTOR, now);
    if (published.length > 0) {
      this.app.log.info({ articleIds: published.map((a) => a.id) }, 'scheduled articles published');
      announcePublished(this.app, published, 'scheduled');
    }
    const unpinned = await this.pins.unpinDue(SCHEDULER_ACTOR, now);
    if (unpinned.length > 0) {
      this.app.log.info({ articleIds: unpinned }, 'pins ended');
      clearNewsCache(this.app);
    }
    const purged = await this.articles.purgeTrash(SCHEDULER_ACTOR, now);
    if (purged.length > 0) this.app.log.info({ articleIds: purged }, 'trash purged');
    const tick: SchedulerTick = { published: published.map((a) => a.id), purged, unpinned };
    const sweepDue = this.lastImageSweep === undefined || now.getTime() - this.lastImageSweep >= IMAGE_SWEEP_EVERY_MS;
    // Cleared before the sweep lists the files: one asked for while it runs is the next step's.
    const asked = this.imageSweepAsked;
    this.imageSweepAsked = false;
    if (purged.length > 0 || sweepDue || asked) tick.imagesDeleted = await this.sweepImages(now);
    tick.presenceSwept = await this.sweepPresence(now);
    if (this.lastReadsPurge === undefined || now.getTime() - this.lastReadsPurge >= READS_PURGE_EVERY_MS)
      tick.readsPurged = await this.purgeReads(now);
    return tick;
  }

  /** Deletes the read counts older than READS_KEPT_DAYS; a failure is logged and tried again next step. */
  private async purgeReads(now: Date): Promise<number | undefined> {
    try {
      const before = new Date(now.getTime() - READS_KEPT_DAYS * 24 * 60 * 60 * 1000);
      const deleted = await new ArticleReadsRepository(this.app.database.db).purgeBefore(before);
      this.lastReadsPurge = now.getTime();
      if (deleted > 0) this.app.log.info({ rows: deleted }, 'old read counts deleted');
      return deleted;
    } catch (err) {
      this.app.log.warn({ err }, 'read counts purge failed');
      return undefined;
    }
  }

  /** Deletes stale presence rows; a failure is logged and the next step tries again, never failing this one. */
  private async sweepPresence(now: Date): Promise<number | undefined> {
    try {
      return await new ArticlePresenceRepository(this.app.database.db).sweep(now);
    } catch (err) {
      this.app.log.warn({ err }, 'presence sweep failed');
      return undefined;
    }
  }

  /** Deletes unreferenced uploads; a failure is logged and tried again next time, never fails the step. */
  private async sweepImages(now: Date): Promise<string[] | undefined> {
    if (!this.app.hasDecorator('imageStore')) return undefined;
    try {
      const { deleted } = await sweepImages(
        this.app.imageStore,
        (ids) => referencedImageIds(this.app.database.db, ids),
        now,
      );
      this.lastImageSweep = now.getTime();
      // The library forgets what the sweep deleted (decision 033).
      if (deleted.length > 0) await new ImagesRepository(this.app.database.db).deleteRows(deleted);
      if (deleted.length > 0) this.app.log.info({ imageIds: deleted }, 'unused images deleted');
      return deleted;
    } catch (err) {
      this.app.log.warn({ err }, 'image sweep failed');
      return undefined;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

export default fp(
  async (app) => {
    const scheduler = new Scheduler(app);
    app.decorate('scheduler', scheduler);
    app.addHook('onReady', async () => scheduler.start(app.config.newsroom.schedulerIntervalMs));
    app.addHook('onClose', async () => {
      scheduler.stop();
      await scheduler.idle();
    });
  },
  { name: 'scheduler', dependencies: ['article-events'] },
);
