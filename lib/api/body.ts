import { ApiError } from './errors';

/**
 * The raw request body, at most `limit` bytes: a larger declared Content-Length is refused before
 * reading, and a body without one stops being read at the limit (413 either way).
 */
export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new ApiError('payloadTooLarge');
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError('payloadTooLarge');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A multipart/form-data body of at most `limit` bytes; 415 when it is not one. */
export async function readFormData(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new ApiError('unsupportedMediaType');
  const body = await readLimitedBody(request, limit);
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('invalidBody');
  }
}
