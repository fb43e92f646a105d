// Memory as a straight line of the searched value (bytes = intercept + slope × value): least
// squares, how well the line explains the points, and the value where it reaches a limit.

/** A fitted line; residuals say how far the worst point lies from it. */
export interface LinearModel {
  interceptBytes: number;
  slopeBytes: number;
  /** 1 when the line goes through every point; 1 as well for two points (nothing to check yet). */
  rSquared: number;
  maxResidualBytes: number;
  /** The largest point's bytes less the smallest's. */
  spanBytes: number;
  pointCount: number;
}

/** One measured peak: the value tried and the bytes it used. */
export interface Point {
  value: number;
  bytes: number;
}

/** Least-squares line through the points; undefined with fewer than two distinct values. */
export function fitLine(points: readonly Point[]): LinearModel | undefined {
  const n = points.length;
  if (n < 2) return undefined;
  const meanX = points.reduce((sum, p) => sum + p.value, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.bytes, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.value - meanX) ** 2;
    sxy += (p.value - meanX) * (p.bytes - meanY);
    syy += (p.bytes - meanY) ** 2;
  }
  if (sxx === 0) return undefined;
  const slopeBytes = sxy / sxx;
  const interceptBytes = meanY - slopeBytes * meanX;
  const residuals = points.map((p) => p.bytes - (interceptBytes + slopeBytes * p.value));
  const sse = residuals.reduce((sum, r) => sum + r * r, 0);
  return {
    interceptBytes,
    slopeBytes,
    rSquared: syy === 0 ? 1 : 1 - sse / syy,
    maxResidualBytes: Math.max(...residuals.map(Math.abs)),
    spanBytes: Math.max(...points.map((p) => p.bytes)) - Math.min(...points.map((p) => p.bytes)),
    pointCount: n,
  };
}

/** The largest value the line keeps within `limitBytes`; Infinity when memory does not grow with it. */
export function predictLimit(model: LinearModel, limitBytes: number): number {
  if (model.slopeBytes <= 0) return Number.POSITIVE_INFINITY;
  return Math.floor((limitBytes - model.interceptBytes) / model.slopeBytes);
}

/** The largest residual a trusted line may leave, as a share of the limit it extrapolates to. */
export const maxResidualFraction = 0.03;
/** The least R² a trusted line must reach where its points span enough memory for R² to mean something. */
export const minRSquared = 0.9;
/** Points spanning less than this share of the limit are "flat": R² is then noise over noise. */
export const flatSpanFraction = 0.03;

/**
 * Whether the line explains its points well enough to extrapolate to the limit: no point further
 * from it than 3% of the limit and, where the points span more than 3% of the limit, R² ≥ 0.9.
 * A flat line (memory that does not grow with the value) always has a low R², however well it
 * predicts: its R² is not held against it. Two points are always trusted: nothing to check yet.
 */
export function isLinear(model: LinearModel, limitBytes: number): boolean {
  if (model.pointCount < 3) return true;
  if (model.maxResidualBytes > maxResidualFraction * limitBytes) return false;
  return model.rSquared >= minRSquared || model.spanBytes <= flatSpanFraction * limitBytes;
}
