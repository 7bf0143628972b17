/**
 * `load` (a dynamic import) run on the first call and its module kept for every later one; a load
 * that failed (the network) is tried again by the next call. Callers start the load early, beside
 * a request, and await it later: its failure reaches them then, and is not reported meanwhile as
 * an unhandled rejection.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      loading.catch(() => undefined);
    }
    return loading;
  };
}
