// The `{name}` placeholders of a message template, for the tests that keep every locale's messages (and the
// service's reason sentences) saying the same values.

/** The `{name}` placeholders of a template, sorted and unique. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

