export function buildOpenApiDocument(): Record<string, unknown> { return {}; }
