// A registry work as registry-dev.jsonl holds it (Crossref-shaped; extra fields pass through).

interface RegistryAuthor {
  given?: string;
  family?: string;
  name?: string;
  sequence?: string;
  affiliation?: unknown[];
}

export interface RegistryWork {
  DOI: string;
  title?: string[];
  subtitle?: string[];
  author?: RegistryAuthor[];
  issued?: { 'date-parts'?: (number | null)[][] };
  'container-title'?: string[];
  'short-container-title'?: string[];
  volume?: string;
  issue?: string;
  page?: string;
  type?: string;
  'update-to'?: unknown[];
  'updated-by'?: unknown[];
  relation?: Record<string, unknown>;
  [field: string]: unknown;
}
