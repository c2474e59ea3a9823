import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectProcessMetrics, metricsRegistry } from '../metrics/metrics';

/**
 * GET /metrics: this instance's figures in Prometheus' text format, for a scraper holding the
 * token (METRICS_TOKEN). Without the right token it answers as a route that does not exist:
 * the figures say how busy the school is, which is nobody else's business.
 */
export function metricsRoute(token: string): RequestHandler {
  collectProcessMetrics();
  const expected = Buffer.from(`Bearer ${token}`);
  return async (req, res, next) => {
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
