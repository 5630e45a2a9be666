import { test } from 'node:test';
import assert from 'node:assert/strict';
import { themeName } from '../../../addin/boot/theme.ts';

test('Office theme to Fluent theme: dark backgrounds dark, White and Colorful light, ?theme= overrides', () => {
  assert.equal(themeName({ bodyBackgroundColor: '#262626' }, ''), 'dark'); // Black
  assert.equal(themeName({ bodyBackgroundColor: '#444444' }, ''), 'dark'); // Dark Gray
  assert.equal(themeName({ bodyBackgroundColor: '#FFFFFF' }, ''), 'light');
  assert.equal(themeName({ bodyBackgroundColor: '#F3F2F1' }, ''), 'light'); // Colorful
  assert.equal(themeName(undefined, ''), 'light');
  assert.equal(themeName({ bodyBackgroundColor: '#FFFFFF' }, '?theme=dark'), 'dark');
  assert.equal(themeName({ bodyBackgroundColor: 'nope' }, ''), 'light', 'a colour it cannot read is light');
});
