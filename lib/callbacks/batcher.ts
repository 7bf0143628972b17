/**
 * Gathers single requests into batches for one statement: a request made while no batch runs goes
 * at once (alone, so nothing waits when there is little to do); requests made while one runs wait
 * for it and then go together, up to `maxBatch`. Under load, many deliveries then share one round
 * trip and one commit. A failed batch fails each of its requests.
 */
export class Batcher<In, Out> {
  private readonly queue: { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: In[]) => Promise<Out[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outs = await this.run(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => entry.resolve(outs[index]));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
