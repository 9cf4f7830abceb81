import type { Generated } from 'kysely';

/** `live_events` (migration 039-live-events): the live stream's event log; the id is the event's id on the wire. */
export interface LiveEventTable {
  id: Generated<number>;
  /** 'site' or 'article:{id}' (common/live-stream-contract.ts LiveTopic). */
  topic: string;
  /** A LiveEventType. */
  type: string;
  /** The payload as one line of JSON. */
  data: string;
  created_at: string;
}
