// The preview of the bibliography rewrite for the chosen style: asked of the service (POST
// /hyperlink-style-preview, no credit) with the scanned bytes and settings whenever the scan session or
// the chosen style changes; a change aborts the preview still under way. Answers are kept per style for
// the session, so going back to a style shows its preview at once. The resolved works the author approved
// go with it, as with apply, so the preview renders them from the registry as apply will.
import { useEffect, useRef, useState } from 'react';
import type { StylePreview } from '../../shared/contract.ts';
import type { PreviewState } from '../components/StylePreviewList.tsx';
import { styleInfo } from '../review/style-choice.ts';
import { worksToApply, type WorkChoices } from '../review/resolver-choices.ts';
import type { ServiceClient } from '../service-client.ts';
import { errorInWords } from './error-text.ts';
import type { ScanSession } from './pipeline.ts';

export function useStylePreview(client: (signal: AbortSignal) => ServiceClient, baseUrl: string, session: ScanSession | null, styleId: string | null, approvedWorks: WorkChoices = {}): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const cache = useRef<{ session: ScanSession | null; works: string; byStyle: Map<string, StylePreview> }>({ session: null, works: '', byStyle: new Map() });
  // The works apply would send (approved proposals, DOIs typed in): the preview renders them from the registry too.
  const works = worksToApply(session?.resolver ?? null, approvedWorks);
  const worksKey = JSON.stringify(works ?? {});

  useEffect(() => {
    if (cache.current.session !== session || cache.current.works !== worksKey) cache.current = { session, works: worksKey, byStyle: new Map() };
    if (!session || !styleId || !session.packet.targets.some((t) => t.type === 'bibliography')) {
      setState({ status: 'idle' });
      return;
    }
    const known = cache.current.byStyle.get(styleId);
    if (known) {
      setState({ status: 'ready', preview: known });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', styleTitle: styleInfo(styleId)?.title ?? styleId });
    client(controller.signal)
      .stylePreview(session.file, session.settings, styleId, 3, works)
      .then((preview) => {
        if (controller.signal.aborted) return;
        cache.current.byStyle.set(styleId, preview);
        setState({ status: 'ready', preview });
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorInWords(e, baseUrl) });
      });
    return () => controller.abort();
  }, [client, baseUrl, session, styleId, worksKey]);

  return state;
}
