/** An open server-sent event stream of this process, as the process sees it when it stops. */
export interface LiveStream {
  /** Tells the browser to connect again (another process answers) and ends the stream. */
  reconnect(): void;
}

/**
 * The live streams this process holds open (the support chat's): the metrics count them, and a
 * process that stops sends each browser elsewhere rather than leaving it to notice.
 */
export class LiveStreams {
  private readonly open = new Set<LiveStream>();

  /** Lists `stream` until the answer is called (when it ends). */
  add(stream: LiveStream): () => void {
    this.open.add(stream);
    return () => void this.open.delete(stream);
  }

  get size() {
    return this.open.size;
  }

  reconnectAll() {
    for (const stream of [...this.open]) stream.reconnect();
    this.open.clear();
  }
}
