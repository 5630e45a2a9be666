// The admin documentation insights: aggregates over the most recent `limit` events of the last `days` days.
import type { Pool } from 'mysql2/promise';
import type { DocsInsightCount, DocsInsightsResponse, DocsInsightsSummary } from '../../../shared/contract.ts';
import { isoOrNull } from '../../db/connection.ts';
import { recentDocsEvents, type DocsEventRow } from '../../db/docs-events.ts';

const TOP = 10;
const RECENT = 20;

function top(counts: Map<string, number>): DocsInsightCount[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP)
    .map(([key, count]) => ({ key, count }));
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function detailOf(row: DocsEventRow): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(row.detail_json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function summariseDocsEvents(rows: DocsEventRow[]): DocsInsightsSummary {
  const byType: Record<string, number> = {};
  const pages = new Map<string, number>();
  const searches = new Map<string, number>();
  const zero = new Map<string, number>();
  const statuses: Record<string, number> = {};
  const errors = new Map<string, number>();
  const sessions = new Set<string>();
  const feedback = { yes: 0, no: 0 };
  for (const row of rows) {
    byType[row.event_type] = (byType[row.event_type] ?? 0) + 1;
    if (row.session_hash) sessions.add(row.session_hash);
    const detail = detailOf(row);
    switch (row.event_type) {
      case 'page_view':
        bump(pages, row.path);
        break;
      case 'search':
        if (typeof detail.query === 'string') {
          bump(searches, detail.query);
          if (detail.result_count === 0) bump(zero, detail.query);
        }
        break;
      case 'playground_response':
        if (typeof detail.status === 'number') statuses[String(detail.status)] = (statuses[String(detail.status)] ?? 0) + 1;
        if (typeof detail.error === 'string' && detail.error !== '') bump(errors, detail.error);
        break;
      case 'feedback':
        if (detail.helpful === 'yes') feedback.yes += 1;
        if (detail.helpful === 'no') feedback.no += 1;
        break;
    }
  }
  return {
    generated_at: new Date().toISOString(),
    total_events: rows.length,
    unique_sessions: sessions.size,
    by_type: byType,
    top_pages: top(pages),
    top_searches: top(searches),
    zero_result_searches: top(zero),
    playground: { responses_by_status: statuses, top_errors: top(errors) },
    feedback,
    recent: rows.slice(0, RECENT).map((r) => ({ event_type: r.event_type, path: r.path, detail: detailOf(r), created_at: isoOrNull(r.created_at) })),
  };
}

/** GET /admin-docs-insights: the summary of the most recent `limit` events of the last `days` days. */
export async function docsInsights(pool: Pool, days: number, limit: number): Promise<DocsInsightsResponse> {
  return { window_days: days, limit, insights: summariseDocsEvents(await recentDocsEvents(pool, days, limit)) };
}
