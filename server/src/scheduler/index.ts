import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AdminArticlesRepository } from '../repositories/admin-articles.ts';
import { SCHEDULER_ACTOR } from '../repositories/audit-log.ts';
import { announcePublished } from './article-events.ts';

export interface SchedulerTick {
  published: number[];
  purged: number[];
}

/**
 * The newsroom's clock, inside every server process: every SCHEDULER_INTERVAL_MS it publishes the
 * scheduled articles that are due and purges the trash. Each step is one conditional statement
 * (see AdminArticlesRepository.publishDue), so any number of instances can tick at once and a
 * restart picks up whatever fell due while the server was down: each article goes out exactly once.
 * `app.scheduler.tick()` runs one step at once (tests, scripts).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SchedulerTick> | undefined;
  private readonly articles: AdminArticlesRepository;

  constructor(private readonly app: FastifyInstance) {
    const shares = app.hasDecorator('articleShares') ? app.articleShares : undefined;
    this.articles = new AdminArticlesRepository(
      app.database.db,
      app.database.dialect,
      shares?.onPublished.bind(shares),
    );
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
    const purged = await this.articles.purgeTrash(SCHEDULER_ACTOR, now);
    if (purged.length > 0) this.app.log.info({ articleIds: purged }, 'trash purged');
    return { published: published.map((a) => a.id), purged };
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
