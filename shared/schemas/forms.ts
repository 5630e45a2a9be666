// The multipart/form-data bodies of the document routes, as the OpenAPI document describes them. Text
// fields carrying JSON (settings, decisions, resolvedWorks) are checked after JSON.parse by their own
// schemas (hyperlinkSettingsSchema, decisionsSchema, resolvedWorksFieldSchema).
import { z } from 'zod';
import { MAX_DOCX_BYTES } from '../contract.ts';
import { named } from './common.ts';
import { applyBibRewriteFieldSchema } from './documents.ts';

const file = z.string().meta({ format: 'binary', description: `DOCX, at most ${MAX_DOCX_BYTES} bytes` });
const settings = z.string().meta({ description: 'JSON HyperlinkSettings' });

/** POST /hyperlink-scan and POST /hyperlink. @public registered for the OpenAPI document, as every schema here. */
export const documentFormSchema = named('DocumentForm', z.looseObject({ file, settings: settings.optional() }));

/** POST /hyperlink-crossref. @public */
export const resolveFormSchema = named('ResolveForm', z.looseObject({ file, settings: settings.optional(), scanFingerprint: z.string().optional() }));

/** POST /hyperlink-apply. @public */
export const applyFormSchema = named(
  'ApplyForm',
  z.looseObject({
    file,
    settings,
    scanToken: z.string(),
    scanFingerprint: z.string(),
    decisions: z.string().meta({ description: 'JSON array of ReviewDecision' }),
    resolvedWorks: z.string().meta({ description: 'JSON object of ResolvedWork by reference id (from the ResolverReport)' }).optional(),
    cslFile: z.string().meta({ format: 'binary', description: 'CSL 1.0 style file for the bibliography rewrite' }).optional(),
    detectedCslId: z.string().optional(),
    applyBibRewrite: applyBibRewriteFieldSchema,
  }),
);

/** POST /hyperlink-style-preview: one of cslFile or styleId. @public */
export const stylePreviewFormSchema = named(
  'StylePreviewForm',
  z.looseObject({
    file,
    settings: settings.optional(),
    cslFile: z.string().meta({ format: 'binary', description: 'CSL 1.0 style file (wins over styleId)' }).optional(),
    styleId: z.string().meta({ description: 'A current, renamed or dependent id of the CSL styles repository, e.g. apa' }).optional(),
    count: z.string().meta({ description: 'Entries to preview, 1 to 5 (default 3)' }).optional(),
    resolvedWorks: z.string().meta({ description: 'JSON object of resolved works, as apply takes them: approved works are rendered from their registry record' }).optional(),
  }),
);
