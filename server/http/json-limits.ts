// Bounds on client JSON checked at the edge, before a value reaches MariaDB or the engine: nesting
// depth (walked iteratively, so a value nested 100,000 deep costs no stack) and serialised size.
import { HttpError } from './errors.ts';

/** Objects and arrays nested deeper than this in any JSON body are refused. */
export const MAX_BODY_DEPTH = 32;
/** HyperlinkSettings are flat; extra fields may hold small structures, never deep ones. */
const MAX_SETTINGS_DEPTH = 8;
/** Serialised settings (form field or preset) at most this many bytes: well inside the TEXT column (65,535). */
const MAX_SETTINGS_BYTES = 16 * 1024;

/** True when value has objects or arrays nested more than max levels (a top-level object is level 1). */
export function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** True when JSON text opens more than max brackets at once (strings skipped); linear, before any parse. */
function textDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const settingsTooDeep = (): HttpError =>
  new HttpError(400, `settings are nested too deeply (at most ${MAX_SETTINGS_DEPTH} levels)`, 'settings_too_deep', { status: 'settings' });

export const settingsTooLarge = (): HttpError =>
  new HttpError(400, `settings are too large (at most ${MAX_SETTINGS_BYTES} bytes as JSON)`, 'settings_too_large', { status: 'settings' });

/** Refuses settings text that is too large or too deep, before it is parsed. */
export function checkSettingsText(text: string): void {
  if (textDepthExceeds(text, MAX_SETTINGS_DEPTH)) throw settingsTooDeep();
  if (Buffer.byteLength(text, 'utf8') > MAX_SETTINGS_BYTES) throw settingsTooLarge();
}

/** Refuses a settings value (already parsed, e.g. from a JSON body) that is too deep or too large once serialised. */
export function checkSettingsValue(value: unknown): void {
  if (depthExceeds(value, MAX_SETTINGS_DEPTH)) throw settingsTooDeep();
  if (Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') > MAX_SETTINGS_BYTES) throw settingsTooLarge();
}
