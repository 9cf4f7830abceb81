import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '../../../../common/images.ts';
import { referencedImageIds } from '../../repositories/image-references.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/** Revisions written before migration 028 name their uploaded image too (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 028 on an existing database', () => {
  const uploaded = 'e'.repeat(32);
  let upgraded: UpgradedDatabase;
  let after: Db;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('016-social-shares', async (before) => {
      const urls = [
        imageVariantUrl(uploaded, 960),
        '/images/demo/goose.jpg',
        null,
        `/images/${'E'.repeat(32)}-480.webp`,
      ];
      for (const [i, imageUrl] of urls.entries()) {
        await before.db
          .insertInto('article_revisions' as never)
          .values({
            article_id: 1,
            version: i + 1,
            action: 'edit',
            editor_subject: 's',
            editor_name: 'n',
            at: '2026-01-01T00:00:00.000Z',
            changed_fields: '[]',
            snapshot: JSON.stringify({ headline: 'H', imageUrl }),
          } as never)
          .execute();
      }
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it("fills article_revisions.image_id from the stored snapshots' image URLs", async () => {
    const rows = await after.db
      .selectFrom('article_revisions')
      .select(['version', 'image_id'])
      .orderBy('version')
      .execute();
    expect(rows.map((r) => r.image_id)).toEqual([uploaded, null, null, null]);
    expect([...(await referencedImageIds(after.db, [uploaded]))]).toEqual([uploaded]);
  });
});
