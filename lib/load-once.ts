/**
 * `load` (a dynamic import) run on the first call and its module kept for every later one; a load
 * that failed (the network) is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
