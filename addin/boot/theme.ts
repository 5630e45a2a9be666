// The Fluent theme for the Office theme: dark when Office's body background is dark (Office's
// "Black" and "Dark Gray" themes), light otherwise (White, Colorful, Classic). ?theme=dark|light
// overrides it for the demo page and screenshots.
import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';

export interface OfficeThemeLike {
  bodyBackgroundColor?: string;
}

/** Relative luminance of a #rrggbb colour, 0 (black) .. 1 (white); null when unreadable. */
function luminance(hex: string | undefined): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}

export function themeName(officeTheme: OfficeThemeLike | undefined, search: string): 'light' | 'dark' {
  const forced = new URLSearchParams(search).get('theme');
  if (forced === 'dark' || forced === 'light') return forced;
  const l = luminance(officeTheme?.bodyBackgroundColor);
  return l !== null && l < 0.2 ? 'dark' : 'light';
}

export function fluentTheme(name: 'light' | 'dark'): Theme {
  return name === 'dark' ? webDarkTheme : webLightTheme;
}
