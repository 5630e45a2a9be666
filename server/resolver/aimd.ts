// Additive increase, multiplicative decrease of the rate a limiter grants (issue 22, item 1): a 429 halves
// the share of the announced rate the limiter uses, and the share climbs back by a twentieth of the announced
// rate per interval without a 429. The state is two numbers (the share and when it was last lowered), so the
// in-process limiter keeps it in memory and the MySQL limiter in its limits row, shared by every process.
// At a share below 1 the limiter keeps the announced number per window and stretches the window (1 / share): the
// rate is the share's and no span of the registry's interval ever holds more than the announced number. (Shrinking the
// burst instead, as before, granted 2 per 833 ms at 0.8 of 3 per second: 4 in one second, a 429 of its own on every
// climb back from a 429.)

/** The share of the announced rate in use at `at` (epoch ms); it has climbed back since, by `shareAt`. */
export interface AimdState {
  share: number;
  at: number;
}

export const FULL_RATE: AimdState = { share: 1, at: 0 };
/** A 429 multiplies the share by this. */
const DECREASE = 0.5;
/** Never below an eighth of the announced rate: the pause after a 429 (Retry-After) does the rest. */
const MIN_SHARE = 1 / 8;
/** Share regained per interval without a 429. */
const INCREASE_PER_INTERVAL = 0.05;

/** The share in use at `now`: the last lowered share plus the additive climb since, at most the whole rate. */
export function shareAt(state: AimdState, now: number, intervalMs: number): number {
  if (state.share >= 1) return 1;
  const climbed = state.share + (INCREASE_PER_INTERVAL * Math.max(0, now - state.at)) / Math.max(1, intervalMs);
  return Math.min(1, climbed);
}

/**
 * The state after a 429 at `now`. 429s within one interval of the last decrease answered requests sent at the
 * old rate (one burst earns several): they lower nothing more.
 */
export function afterRateLimited(state: AimdState, now: number, intervalMs: number): AimdState {
  if (state.share < 1 && now - state.at < intervalMs) return state;
  return { share: Math.max(MIN_SHARE, shareAt(state, now, intervalMs) * DECREASE), at: now };
}

/**
 * The limits a limiter grants at this share of `limit` per `intervalMs`: as many per window, the window stretched by
 * 1 / share (at least an eighth of the rate), so that the window never gets shorter than the registry's interval.
 */
export function sharedLimits(limit: number, intervalMs: number, share: number): { limit: number; intervalMs: number } {
  const s = Math.max(MIN_SHARE, Math.min(1, share));
  return { limit, intervalMs: intervalMs / s };
}
