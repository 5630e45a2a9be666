// A browser DOM for the add-in's interaction and hook tests: happy-dom's Window installed as the globals
// React and Fluent UI look for, react-dom/client roots driven through React's act(), and the few
// queries and events the tests need (by accessible name or text, click, typing, keys).
// Import this module FIRST in a test file: react-dom decides at load time whether a DOM is present.
import { Window } from 'happy-dom';

const window = new Window({ url: 'https://localhost:3000/taskpane.html', width: 400, height: 800 });
const g = globalThis as Record<string, unknown>;
// What Node already has (timers, fetch, URL, AbortController, Blob, TextEncoder…) stays Node's; the
// rest of the window's globals (document, HTMLElement, getComputedStyle, CSS, ResizeObserver…) are added.
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis || key === 'undefined') continue;
  const value = (window as unknown as Record<string, unknown>)[key];
  g[key] = typeof value === 'function' && !/^[A-Z]/.test(key) ? value.bind(window) : value;
}
// Events are created by the tests and dispatched on happy-dom nodes: they must be happy-dom's.
for (const key of ['Event', 'EventTarget', 'CustomEvent', 'KeyboardEvent', 'MouseEvent', 'FocusEvent', 'InputEvent', 'PointerEvent', 'UIEvent']) {
  g[key] = (window as unknown as Record<string, unknown>)[key];
}
// No Web Animations: Fluent UI then runs its motions as it does under jsdom, at once and without timers
// (happy-dom's animations run on timers, and reject a cancelled animation's promise unhandled).
for (let proto: object | null = window.HTMLElement.prototype; proto; proto = Object.getPrototypeOf(proto) as object | null) {
  if (Object.prototype.hasOwnProperty.call(proto, 'animate')) delete (proto as { animate?: unknown }).animate;
}
// happy-dom does no layout: every element reports the task pane's size, so that the virtualised review
// list (which renders the rows that fit its scroller) has rows to render.
for (const [name, size] of [['Height', 800], ['Width', 400]] as const) {
  Object.defineProperty(window.HTMLElement.prototype, `offset${name}`, { configurable: true, get: () => size });
  Object.defineProperty(window.HTMLElement.prototype, `client${name}`, { configurable: true, get: () => size });
}
g.window = window;
g.document = window.document;
g.navigator = window.navigator;
g.IS_REACT_ACT_ENVIRONMENT = true;

const { act } = await import('react');
const { createRoot } = await import('react-dom/client');
type ReactNode = import('react').ReactNode;

export { act };

export interface Mounted {
  container: HTMLElement;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

/** Renders into a fresh container attached to the document; unmount() removes it. */
export async function mount(ui: ReactNode): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    rerender: (next) => act(async () => root.render(next)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Lets pending promise callbacks (a fake service answering) run inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
  });
}

function accessibleName(el: Element): string {
  const labelled = el.getAttribute('aria-labelledby');
  if (labelled) return labelled.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  const label = el.getAttribute('aria-label');
  if (label) return label;
  const id = el.getAttribute('id');
  const forLabel = id ? el.ownerDocument.querySelector(`label[for="${id}"]`) : null;
  if (forLabel) return (forLabel.textContent ?? '').trim();
  return (el.textContent ?? '').trim();
}

/** Every button (element or role) whose accessible name matches. */
export function buttons(root: ParentNode, name: string | RegExp): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>('button, [role="button"]')];
  return all.filter((b) => (typeof name === 'string' ? accessibleName(b) === name : name.test(accessibleName(b))));
}

/** The one button with this accessible name (throws, listing the buttons there are, when not exactly one). */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = buttons(root, name);
  if (found.length !== 1) {
    const names = [...root.querySelectorAll('button, [role="button"]')].map(accessibleName);
    throw new Error(`expected one button named ${String(name)}, found ${found.length} among: ${JSON.stringify(names)}`);
  }
  return found[0] as HTMLButtonElement;
}

/** The one form control (input, select, textarea, combobox) whose accessible name matches. */
export function control(root: ParentNode, name: string | RegExp): HTMLInputElement {
  const all = [...root.querySelectorAll<HTMLInputElement>('input, select, textarea, [role="combobox"], [role="switch"]')];
  const found = all.filter((c) => (typeof name === 'string' ? accessibleName(c) === name : name.test(accessibleName(c))));
  if (found.length !== 1) throw new Error(`expected one control named ${String(name)}, found ${found.length} among: ${JSON.stringify(all.map(accessibleName))}`);
  return found[0];
}

export function text(root: Element): string {
  return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export async function click(el: Element): Promise<void> {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

/** Sets an input's value as typing would (React's value tracker sees the change) and fires input. */
export async function type(el: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    const proto = el instanceof window.HTMLSelectElement ? window.HTMLSelectElement.prototype : window.HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    el.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
  });
}

export async function key(el: Element, keyName: string, init: { ctrlKey?: boolean } = {}): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new window.KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init }) as unknown as Event);
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.requestSubmit();
  });
}
