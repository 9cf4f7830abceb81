import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarStory } from '@common/calendar-contract';
import { adminRequest, shouldRetryAdminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';

export type { CalendarStory };

export interface CalendarRange {
  /** ISO-8601 UTC, included. */
  from: string;
  /** ISO-8601 UTC, excluded. */
  to: string;
}

/** GET /api/admin/calendar?from&to: the stories scheduled or published in the range, by time. */
export function getCalendar(
  client: AdminApiClient,
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<{ articles: CalendarStory[] }> {
  return adminRequest<{ articles: CalendarStory[] }>(
    client,
    `/api/admin/calendar?${new URLSearchParams({ from: range.from, to: range.to })}`,
    { failed: 'Failed to load the calendar', error: 'Error loading the calendar' },
    { signal },
  );
}

export function calendarQueryOptions(client: AdminApiClient, range: CalendarRange) {
  return queryOptions({
    queryKey: ['admin', 'calendar', range] as const,
    queryFn: ({ signal }) => getCalendar(client, range, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: shouldRetryAdminRequest,
  });
}

/** The stories of the range; loaded when the screen opens or its month changes (no polling). */
export function useCalendar(range: CalendarRange) {
  return useQuery(calendarQueryOptions(useAdminApi(), range));
}
