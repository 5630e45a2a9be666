// The address a fetch stub was called with, whichever of fetch's three input forms the caller used
// (String() of a Request would give "[object Request]").
export function urlOf(input: string | URL | Request): string {
  return input instanceof Request ? input.url : input.toString();
}
