// Static bounds of an uploaded CSL style, measured in one linear pass over its tags before any XML tree or
// citeproc engine is built (issue 24, item 1): element depth, macro count, and the size of the style once
// every macro call is expanded. citeproc expands a macro at each call, so macros that call each other
// twice, 40 deep, cost 2^40 expansions per entry; a macro that calls itself never ends. Both are found
// here from the call graph alone, in time linear in the file.

/** Deepest element nesting accepted; the bundled styles reach 15. */
const MAX_CSL_DEPTH = 64;
/** Most <macro> definitions accepted; the bundled styles hold at most 156. */
const MAX_CSL_MACROS = 1000;
/**
 * Most elements citeproc may run for one item (measureCslShape): the bundled styles reach 3,527
 * (chicago-shortened-notes-bibliography; apa 1,877), so this is 14 times the dearest.
 */
const MAX_CSL_EXPANSION = 50_000;

/**
 * Most macro calls × elements: citeproc finds a called macro by walking the whole style tree at every call
 * site while it builds the engine, so building costs about their product. chicago-shortened-notes-bibliography,
 * the dearest bundled style, is 427 × 2,546 = 1.09 M (its engine took 16 s to build on this shared 2-core machine at load 23).
 */
const MAX_CSL_BUILD = 3_000_000;

type CslBoundProblem = 'csl_too_deep' | 'csl_too_many_macros' | 'csl_macro_recursion' | 'csl_macro_expansion' | 'csl_macro_calls';

export interface CslBoundViolation {
  reason: CslBoundProblem;
  message: string;
}

export interface CslShape {
  /** Deepest element nesting. */
  depth: number;
  macros: number;
  /** Elements of the layouts with every macro call expanded (capped just above MAX_CSL_EXPANSION). */
  expansion: number;
  /** Every element, and those that call a macro. */
  elements: number;
  calls: number;
}

/** The elements of one macro (or of the layouts), in document order: a parent comes before its children. */
interface ElementList {
  /** Index of each element's parent in this list, -1 for a top-level element. */
  parent: number[];
  /** True for <choose>: only one branch runs, so it costs its dearest branch, not their sum. */
  choose: boolean[];
  /** The macro each element calls ('' for none). */
  call: string[];
  /** Names of the macros called, once per call (the call graph). */
  calls: string[];
}

function elementList(): ElementList {
  return { parent: [], choose: [], call: [], calls: [] };
}

// A start or end tag read where a '<' is. No '<' inside a tag or an attribute value (XML allows none), so a
// failed attempt stops at the next '<'; comments, CDATA and processing instructions are skipped with indexOf.
// Each character is read a bounded number of times, whatever the input.
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^<>"']|"[^<"]*"|'[^<']*')*)>/y;
const SKIPPED: Array<[string, string]> = [['<!--', '-->'], ['<![CDATA[', ']]>'], ['<?', '?>'], ['<!', '>']];

const ATTR = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function localName(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  ATTR.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ATTR.exec(text))) out.set(localName(m[1]!), m[2] ?? m[3] ?? '');
  return out;
}

/**
 * Measures the style's depth, macros and expansion, or names the first bound it passes. Tags are read with
 * one regular expression (comments, CDATA and processing instructions skipped); well-formedness is checked
 * after, by the XML parser, which this pass protects from deep nesting.
 *
 * The expansion is what citeproc executes per item at most: citeproc builds each macro once and runs its
 * tokens at every call, so the work of rendering an entry is the layout's elements with each call replaced
 * by the callee's cost, a <choose> costing its dearest branch.
 */
export function measureCslShape(xml: string): CslShape | CslBoundViolation {
  const macros = new Map<string, ElementList>();
  /** The citation and bibliography elements and everything in them outside macros. */
  const layouts = elementList();
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  let calls = 0;
  let current: ElementList | null = null;
  /** Depth at which the open macro (or layout) started, and the open elements' indexes in its list. */
  let listDepth = -1;
  const open: number[] = [];
  let at = xml.indexOf('<');
  scan: while (at >= 0) {
    for (const [opening, closing] of SKIPPED) {
      if (!xml.startsWith(opening, at)) continue;
      const end = xml.indexOf(closing, at + opening.length);
      if (end < 0) break scan; // unterminated: the XML parser names it
      at = xml.indexOf('<', end + closing.length);
      continue scan;
    }
    TAG.lastIndex = at;
    const m = TAG.exec(xml);
    at = xml.indexOf('<', m ? TAG.lastIndex : at + 1);
    if (!m) continue;
    const local = localName(m[2]!);
    if (m[1] === '/') {
      depth -= 1;
      if (current) {
        if (depth === listDepth) { current = null; listDepth = -1; open.length = 0; }
        else open.pop();
      }
      continue;
    }
    const rest = m[3] ?? '';
    const selfClosing = rest.trimEnd().endsWith('/');
    const attrs = rest.includes('=') ? attributes(rest) : null;
    elements += 1;
    if (local !== 'macro' && attrs?.has('macro')) calls += 1;
    if (current === null && local === 'macro') {
      const macroName = attrs?.get('name') ?? '';
      const list = macros.get(macroName) ?? elementList();
      macros.set(macroName, list);
      if (macros.size > MAX_CSL_MACROS) return { reason: 'csl_too_many_macros', message: `cslFile defines more than ${MAX_CSL_MACROS} macros` };
      if (!selfClosing) { current = list; listDepth = depth; }
    } else if (current === null && (local === 'citation' || local === 'bibliography')) {
      if (!selfClosing) { current = layouts; listDepth = depth; }
    } else if (current) {
      const called = attrs?.get('macro') ?? '';
      current.parent.push(open.length ? open[open.length - 1]! : -1);
      current.choose.push(local === 'choose');
      current.call.push(called);
      if (called) current.calls.push(called);
      if (!selfClosing) open.push(current.parent.length - 1);
    }
    if (!selfClosing) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > MAX_CSL_DEPTH) return { reason: 'csl_too_deep', message: `cslFile nests elements more than ${MAX_CSL_DEPTH} deep` };
      }
    }
  }
  if (calls * elements > MAX_CSL_BUILD) {
    return { reason: 'csl_macro_calls', message: `cslFile has ${calls} macro calls among ${elements} elements: building it would cost more than ${MAX_CSL_BUILD} (calls × elements)` };
  }
  const costs = macroCosts(macros);
  if ('reason' in costs) return costs;
  // citeproc may build a macro nobody calls: every macro alone is held to the bound too
  let expansion = listCost(layouts, costs);
  for (const c of costs.values()) expansion = Math.max(expansion, c);
  if (expansion > MAX_CSL_EXPANSION) {
    return { reason: 'csl_macro_expansion', message: `cslFile's macros expand to more than ${MAX_CSL_EXPANSION} elements per entry (macros that call each other repeatedly multiply)` };
  }
  return { depth: deepest, macros: macros.size, expansion, elements, calls };
}

const CAP = MAX_CSL_EXPANSION + 1;

/** The cost of running a list: each element 1 plus its callee's cost plus its children's (a choose: the dearest child). */
function listCost(list: ElementList, costs: Map<string, number>): number {
  const n = list.parent.length;
  const below = new Array<number>(n).fill(0);
  let total = 0;
  for (let i = n - 1; i >= 0; i--) {
    const own = Math.min(CAP, 1 + below[i]! + (list.call[i] ? costs.get(list.call[i]!) ?? 0 : 0));
    const p = list.parent[i]!;
    if (p < 0) total = Math.min(CAP, total + own);
    else below[p] = list.choose[p] ? Math.max(below[p]!, own) : Math.min(CAP, below[p]! + own);
  }
  return total;
}

/**
 * Each macro's cost (listCost, callees first), capped just above the bound; a cycle of calls is refused.
 * Iterative depth-first order: no recursion, so a chain of 1,000 macros does not exhaust the stack.
 */
function macroCosts(macros: Map<string, ElementList>): Map<string, number> | CslBoundViolation {
  const cost = new Map<string, number>();
  const onPath = new Set<string>();
  for (const start of macros.keys()) {
    if (cost.has(start)) continue;
    const stack: Array<{ name: string; next: number }> = [{ name: start, next: 0 }];
    onPath.add(start);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = macros.get(top.name)!;
      if (top.next < list.calls.length) {
        const callee = list.calls[top.next++]!;
        if (!macros.has(callee) || cost.has(callee)) continue; // an undefined macro is citeproc's to refuse
        if (onPath.has(callee)) {
          return { reason: 'csl_macro_recursion', message: `cslFile's macro "${callee.slice(0, 80)}" calls itself (directly or through other macros)` };
        }
        onPath.add(callee);
        stack.push({ name: callee, next: 0 });
        continue;
      }
      cost.set(top.name, listCost(list, cost));
      onPath.delete(top.name);
      stack.pop();
    }
  }
  return cost;
}
