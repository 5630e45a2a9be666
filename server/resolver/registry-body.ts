// Reading a registry answer's body as untrusted input: at most `maxBytes` (refused at once when the
// announced Content-Length is larger, else the stream is cancelled as soon as the count passes it)
// and within a deadline, so that a hostile or broken registry can cost neither memory nor time.
// A search answer with 10 selected rows is tens of kilobytes; a full look-up record with a long
// reference list a few hundred; the default cap leaves room for both and stops a 400 MB body early.

/** Cap on one answer's body (the client's maxBodyBytes option overrides it). */
export const MAX_REGISTRY_BODY_BYTES = 8 * 1024 * 1024;

export class BodyLimitError extends Error {
  constructor(readonly reason: 'too_large' | 'too_slow', message: string) {
    super(message);
    this.name = 'BodyLimitError';
  }
}

/** The body as text, or BodyLimitError when it is larger than `maxBytes` or not in by `deadline` (epoch ms). */
export async function readCappedText(res: Response, maxBytes: number, deadline: number, now: () => number = Date.now): Promise<string> {
  const announced = Number(res.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyLimitError('too_large', `answer of ${announced} bytes is over the ${maxBytes}-byte cap`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | null = null;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyLimitError('too_slow', 'answer not received within the time cap')), Math.max(0, deadline - now()));
  });
  late.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) throw new BodyLimitError('too_large', `answer over the ${maxBytes}-byte cap`);
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    if (timer) clearTimeout(timer);
  }
}
